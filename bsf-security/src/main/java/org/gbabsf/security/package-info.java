/**
 * What the adapters share to protect the BSF's interfaces and stored keys: TLS material read from
 * PEM files and reloaded without a restart ({@link org.gbabsf.security.tls}), the key ring file
 * that seals keys at rest ({@link org.gbabsf.security.KeyRingFile}), and the watch that reloads
 * both ({@link org.gbabsf.security.FileWatch}). See docs/security.md.
 */
package org.gbabsf.security;
