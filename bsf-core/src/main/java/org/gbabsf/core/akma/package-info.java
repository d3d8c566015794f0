/**
 * AKMA (TS 33.535): the AAnF's side of the AKMA contexts the AUSF registers (K_AKMA by A-KID, the
 * latest per SUPI) and the AF keys derived from them. Protocol-free, like the rest of the core.
 */
package org.gbabsf.core.akma;
