/**
 * The BSF on the 5G Service-Based Architecture (TS 33.220 Annex N): {@code http} is the SBI
 * transport (HTTP/2 server and client on Netty, TS 29.500), {@code problem} the ProblemDetails of
 * TS 29.571, {@code nbsp} the Nbsp_GBA producer for NAFs (TS 29.309), {@code n65} and {@code n68}
 * the consumers toward the HSS (TS 29.562) and the UDM (TS 29.503), {@code oauth} the access tokens
 * of TS 33.501 §13.4.1, {@code sim} the simulated HSS and NAF of tests and load.
 */
package org.gbabsf.sba;
