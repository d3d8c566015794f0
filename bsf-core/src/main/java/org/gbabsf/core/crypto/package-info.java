/**
 * Cryptographic primitives of the BSF: MILENAGE (TS 35.206 §4.1) for AKA vectors, the GBA key
 * derivation function (TS 33.220 Annex B) and HTTP Digest AKA (RFC 3310 over RFC 2617).
 *
 * <p>Pure JCA; no class in this package logs anything, and none prints key material in {@code
 * toString}.
 */
package org.gbabsf.core.crypto;
