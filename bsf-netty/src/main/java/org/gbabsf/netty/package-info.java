/**
 * The Netty I/O transport shared by the BSF's interfaces (Ub, Diameter, SBI, Ua, admin): native
 * epoll on Linux, NIO elsewhere (docs/operations.md, {@code io.transport}).
 */
package org.gbabsf.netty;
