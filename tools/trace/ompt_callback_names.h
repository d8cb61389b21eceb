/* Names of OMPT callbacks (ompt_callbacks_t), for the capability matrix. */
#ifndef OMPT_INST_OMPT_CALLBACK_NAMES_H
#define OMPT_INST_OMPT_CALLBACK_NAMES_H

/* "parallel_begin" for ompt_callback_parallel_begin; NULL if unknown. */
const char *oi_ompt_callback_name(unsigned callback);

#endif
