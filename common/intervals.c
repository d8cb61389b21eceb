/* Treap with split/merge: expected O(log n) per overwrite, and each segment
 * is removed at most once, so a whole run stays near-linear. */
#include "intervals.h"

#include "array.h"

#include <stdlib.h>

#define NONE OI_INTERVAL_NONE

void oi_interval_pool_init(oi_interval_pool *pool) {
  pool->nodes = NULL;
  pool->len = pool->cap = 0;
  pool->free_head = NONE;
  pool->rng = 2463534242u;
  pool->last_inserted = NONE;
}

void oi_interval_pool_free(oi_interval_pool *pool) {
  free(pool->nodes);
  oi_interval_pool_init(pool);
}

static uint32_t next_priority(oi_interval_pool *pool) {
  uint32_t x = pool->rng; /* xorshift32 */
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return pool->rng = x;
}

static uint32_t new_node(oi_interval_pool *pool, uint64_t start, uint64_t end, uint32_t owner) {
  uint32_t index;
  if (pool->free_head != NONE) {
    index = pool->free_head;
    pool->free_head = pool->nodes[index].right;
  } else {
    if (pool->len == NONE ||
        oi_grow((void **)&pool->nodes, &pool->cap, pool->len + 1, sizeof *pool->nodes) != 0)
      return NONE;
    index = pool->len++;
  }
  oi_interval_node *n = &pool->nodes[index];
  n->start = start;
  n->end = end;
  n->owner = owner;
  n->priority = next_priority(pool);
  n->left = n->right = NONE;
  return index;
}

static void free_node(oi_interval_pool *pool, uint32_t index) {
  pool->nodes[index].owner = NONE; /* no longer anyone's (oi_intervals_retake) */
  pool->nodes[index].right = pool->free_head;
  pool->free_head = index;
}

/* left: starts < key; right: starts >= key */
static void split(oi_interval_node *nodes, uint32_t t, uint64_t key, uint32_t *left,
                  uint32_t *right) {
  if (t == NONE) {
    *left = *right = NONE;
  } else if (nodes[t].start < key) {
    split(nodes, nodes[t].right, key, &nodes[t].right, right);
    *left = t;
  } else {
    split(nodes, nodes[t].left, key, left, &nodes[t].left);
    *right = t;
  }
}

/* every start in a precedes every start in b */
static uint32_t merge(oi_interval_node *nodes, uint32_t a, uint32_t b) {
  if (a == NONE)
    return b;
  if (b == NONE)
    return a;
  if (nodes[a].priority > nodes[b].priority) {
    nodes[a].right = merge(nodes, nodes[a].right, b);
    return a;
  }
  nodes[b].left = merge(nodes, a, nodes[b].left);
  return b;
}

/* Removes the segments of t (all starting inside [.., end)); one reaching
 * past `end` is trimmed to start at `end` and returned as *kept. */
/* The segment with the highest start in a non-empty tree: the only one of
 * the part left of a split that can reach past the split point. */
static uint32_t last_node(const oi_interval_node *nodes, uint32_t t) {
  while (nodes[t].right != NONE)
    t = nodes[t].right;
  return t;
}

static void take_middle(oi_interval_pool *pool, uint32_t t, uint64_t end, uint32_t *kept,
                        oi_interval_visit visit, void *user) {
  if (t == NONE)
    return;
  oi_interval_node *n = &pool->nodes[t];
  uint32_t left = n->left, right = n->right;
  take_middle(pool, left, end, kept, visit, user);
  n = &pool->nodes[t];
  if (n->end > end) {
    visit(user, n->owner, end - n->start, 0);
    n->start = end;
    n->left = n->right = NONE;
    *kept = t;
  } else {
    visit(user, n->owner, n->end - n->start, -1);
    free_node(pool, t);
  }
  take_middle(pool, right, end, kept, visit, user);
}

/* Whether a segment of t overlaps [start, end): the one starting last
 * before `end` is the only candidate (segments are disjoint and sorted). */
static int overlaps_any(const oi_interval_node *nodes, uint32_t t, uint64_t start, uint64_t end) {
  uint32_t last = NONE;
  while (t != NONE) {
    if (nodes[t].start < end) {
      last = t;
      t = nodes[t].right;
    } else {
      t = nodes[t].left;
    }
  }
  return last != NONE && nodes[last].end > start;
}

/* Inserts `node`, which overlaps no segment of *root: down to where its
 * priority belongs, then what lies below splits around it. */
static void insert_disjoint(oi_interval_node *nodes, uint32_t *root, uint32_t node) {
  uint32_t *at = root;
  while (*at != NONE && nodes[*at].priority > nodes[node].priority)
    at = nodes[node].start < nodes[*at].start ? &nodes[*at].left : &nodes[*at].right;
  split(nodes, *at, nodes[node].start, &nodes[node].left, &nodes[node].right);
  *at = node;
}

int oi_intervals_overwrite(oi_interval_pool *pool, uint32_t *root, uint64_t start, uint64_t end,
                           uint32_t owner, oi_interval_visit visit, void *user) {
  if (end <= start)
    return 0;
  uint32_t inserted = NONE, tail = NONE;
  /* allocate first: a failure then leaves the tree untouched */
  if (owner != NONE) {
    inserted = new_node(pool, start, end, owner);
    if (inserted == NONE)
      return -1;
  }
  /* nothing to take away (a settled device, a new variable): no
   * reshaping beyond the insertion */
  if (!overlaps_any(pool->nodes, *root, start, end)) {
    if (inserted != NONE)
      insert_disjoint(pool->nodes, root, inserted);
    pool->last_inserted = inserted;
    return 0;
  }
  uint32_t before, rest, middle, after;
  split(pool->nodes, *root, start, &before, &rest);
  split(pool->nodes, rest, end, &middle, &after);
  if (before != NONE) {
    uint32_t last = last_node(pool->nodes, before);
    oi_interval_node *n = &pool->nodes[last];
    if (n->end > start) {
      uint64_t old_end = n->end;
      uint64_t lost = (old_end < end ? old_end : end) - start;
      n->end = start;
      if (old_end > end) {
        tail = new_node(pool, end, old_end, pool->nodes[last].owner);
        if (tail == NONE) { /* undo the trim and give up */
          pool->nodes[last].end = old_end;
          *root = merge(pool->nodes, before, merge(pool->nodes, middle, after));
          if (inserted != NONE)
            free_node(pool, inserted);
          return -1;
        }
      }
      visit(user, pool->nodes[last].owner, lost, tail != NONE ? 1 : 0);
    }
  }
  take_middle(pool, middle, end, &tail, visit, user);
  pool->last_inserted = inserted;
  uint32_t t = merge(pool->nodes, before, inserted);
  t = merge(pool->nodes, t, tail);
  *root = merge(pool->nodes, t, after);
  return 0;
}

int oi_intervals_retake(oi_interval_pool *pool, uint32_t node, uint64_t start, uint64_t end,
                        uint32_t owner, uint32_t owner_now) {
  if (node >= pool->len || owner == NONE)
    return 0;
  oi_interval_node *n = &pool->nodes[node];
  if (n->start != start || n->end != end || n->owner != owner)
    return 0;
  if (owner_now != NONE)
    n->owner = owner_now;
  return 1;
}

/* The segments of t overlapping [start, end), in order. Segments are
 * disjoint and sorted, so a subtree left of a node that starts at or before
 * `start` ends by then, and one right of a node that ends at or after `end`
 * starts there or later: a query reads the tree without reshaping it. */
static void visit_overlapping(const oi_interval_node *nodes, uint32_t t, uint64_t start,
                              uint64_t end, oi_interval_visit visit, void *user) {
  while (t != NONE) {
    const oi_interval_node *n = &nodes[t];
    if (n->start >= end) {
      t = n->left;
      continue;
    }
    if (n->start > start)
      visit_overlapping(nodes, n->left, start, end, visit, user);
    if (n->end > start) {
      uint64_t from = n->start > start ? n->start : start;
      visit(user, n->owner, (n->end < end ? n->end : end) - from, 0);
    }
    if (n->end >= end)
      return;
    t = n->right;
  }
}

void oi_intervals_query(oi_interval_pool *pool, uint32_t *root, uint64_t start, uint64_t end,
                        oi_interval_visit visit, void *user) {
  if (end > start)
    visit_overlapping(pool->nodes, *root, start, end, visit, user);
}

void oi_intervals_relabel(oi_interval_pool *pool, uint32_t root, uint32_t owner) {
  while (root != NONE) {
    pool->nodes[root].owner = owner;
    oi_intervals_relabel(pool, pool->nodes[root].left, owner);
    root = pool->nodes[root].right;
  }
}

static void clear_tree(oi_interval_pool *pool, uint32_t t, oi_interval_visit visit, void *user) {
  if (t == NONE)
    return;
  uint32_t left = pool->nodes[t].left, right = pool->nodes[t].right;
  clear_tree(pool, left, visit, user);
  visit(user, pool->nodes[t].owner, 0, -1);
  free_node(pool, t);
  clear_tree(pool, right, visit, user);
}

void oi_intervals_clear(oi_interval_pool *pool, uint32_t *root, oi_interval_visit visit,
                        void *user) {
  clear_tree(pool, *root, visit, user);
  *root = NONE;
}
