/* The module map: one OI_REC_MODULE per loaded object, so that codeptr_ra
 * values can be mapped to file:line after the run. */
#ifndef OMPT_INST_SHIM_MODULES_H
#define OMPT_INST_SHIM_MODULES_H

void oi_write_module_map(void);

#endif
