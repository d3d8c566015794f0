package org.gbabsf.server.config;

/**
 * A {@code host:port} as configured, not resolved: a CQL contact point.
 *
 * @param host a host name or an IP literal (an IPv6 one in brackets)
 * @param port 1..65535
 */
public record HostPort(String host, int port) {}
