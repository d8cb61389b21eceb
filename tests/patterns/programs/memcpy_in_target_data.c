/* omp_target_memcpy in a `target data use_device_ptr` body (issue 49,
 * shape 7, as a public validation suite links a list on the device): each
 * call writes a device node's `next` with a device address, from a local
 * of the host's. The copy is the call's, at its own line, in both builds,
 * and moves the node's bytes (named by the node's mapping), not the local's:
 * a kernel reads them, so no finding may say to drop it. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct node {
  int value;
  struct node *next;
} node;

#define NODES 32

int main(void) {
  node *head = NULL;
  for (int i = NODES; i > 0; i--) {
    node *n = malloc(sizeof *n);
    if (!n)
      return 1;
    n->value = i;
    n->next = head;
    head = n;
  }
  for (node *n = head; n; n = n->next) {
#pragma omp target enter data map(to: n[:1])
  }
  for (node *n = head; n && n->next; n = n->next) {
    node *next = n->next;
#pragma omp target data use_device_ptr(n, next)
    {
      intptr_t device_next = (intptr_t)next;
      omp_target_memcpy(&n->next, &device_next, sizeof device_next, 0, 0,
                        omp_get_default_device(), omp_get_initial_device());
    }
  }
  long sum = 0;
#pragma omp target map(tofrom: sum) map(to: head[:1])
  for (node *n = head; n; n = n->next)
    sum += n->value;
  for (node *n = head; n;) {
    node *next = n->next;
#pragma omp target exit data map(release: n[:1])
    free(n);
    n = next;
  }
  printf("memcpy_in_target_data: %ld\n", sum);
  return 0;
}
