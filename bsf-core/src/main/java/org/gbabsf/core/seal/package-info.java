/**
 * Keys sealed at rest: every key the BSF writes to a shared store (Ks of a session; XRES, CK and IK
 * of a pending challenge) is sealed with AES-256-GCM under a data key of a {@link
 * org.gbabsf.core.seal.KeyRing}, bound to the row and column it belongs to and to a {@link
 * org.gbabsf.core.seal.RowDigest} of the row's other columns (the GUSS among them), so that the
 * store holds no key in any readable form, a sealed value moved to another row does not open, and
 * neither does one whose row was rewritten around it.
 *
 * <p>Pure JCA, like {@code org.gbabsf.core.crypto}: nothing here logs, and no {@code toString}
 * shows key material. See docs/security.md.
 */
package org.gbabsf.core.seal;
