package org.gbabsf.server;

/**
 * A subcommand of {@code bsf} that another module brings, found with {@link
 * java.util.ServiceLoader}: a picocli {@code @Command} class with a public no-argument constructor,
 * listed in {@code META-INF/services/org.gbabsf.server.ExtraCommand}. The demo ({@code bsf-demo})
 * is one, so that the server's own jar carries neither the demo nor the local Cassandra it starts.
 */
public interface ExtraCommand {}
