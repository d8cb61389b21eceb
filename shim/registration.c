/* Callback registration with EMI-to-legacy fallback and the capability
 * matrix. */
#include "registration.h"

static void note(oi_capabilities *capabilities, ompt_callbacks_t event, unsigned result) {
  if (capabilities->count < OI_MAX_CAPABILITIES)
    capabilities->entry[capabilities->count++] =
        (oi_capability){.callback = event, .result = result};
}

void oi_register_callbacks(ompt_set_callback_t set_callback, const oi_callback_entry *entries,
                           size_t count, int disabled, oi_capabilities *capabilities) {
  for (size_t i = 0; i < count; i++) {
    const oi_callback_entry *entry = &entries[i];
    if (disabled) {
      note(capabilities, entry->event, 0);
      if (entry->fallback)
        note(capabilities, entry->fallback, 0);
      continue;
    }
    ompt_set_result_t result = set_callback(entry->event, entry->handler);
    note(capabilities, entry->event, result);
    if (result < ompt_set_sometimes && entry->fallback)
      note(capabilities, entry->fallback, set_callback(entry->fallback, entry->fallback_handler));
  }
}
