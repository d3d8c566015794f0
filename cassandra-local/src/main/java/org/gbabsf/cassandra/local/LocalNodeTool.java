package org.gbabsf.cassandra.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Cassandra's own {@code nodetool} ({@code org.apache.cassandra.tools.NodeTool} from {@code
 * cassandra-all}) run in a child JVM against a local node started with JMX ({@link
 * LocalCassandraCluster#withJmx()}, as {@link LocalCassandraMain} starts its nodes): {@code
 * repair}, {@code listpendinghints}, {@code status}, … Its output goes to this process's standard
 * output and error.
 */
public final class LocalNodeTool {

  private LocalNodeTool() {}

  /** The command line of {@code nodetool args} against the node whose JMX port is {@code port}. */
  static List<String> command(int jmxPort, List<String> args, Path logbackConfig) {
    List<String> command = new ArrayList<>();
    command.add(LocalCassandraNode.javaExecutable());
    command.add("-Xms64m");
    command.add("-Xmx256m");
    command.add("-XX:+UseSerialGC");
    command.addAll(LocalCassandraNode.JDK17_FLAGS);
    command.add("-Djava.net.preferIPv4Stack=true");
    command.add("-Dcom.sun.jndi.rmiURLParsing=legacy");
    command.add("-Dlogback.configurationFile=" + logbackConfig);
    command.add("-cp");
    command.add(LocalCassandraNode.classpath());
    command.add("org.apache.cassandra.tools.NodeTool");
    command.add("-h");
    command.add("127.0.0.1");
    command.add("-p");
    command.add(Integer.toString(jmxPort));
    command.addAll(args);
    return command;
  }

  /**
   * Runs {@code nodetool args} against the node at {@code address} (its JMX port by {@link
   * LocalCassandraNode#jmxPortOf}) and returns nodetool's exit code.
   */
  public static int run(String address, List<String> args)
      throws IOException, InterruptedException {
    Path logback = Files.createTempFile("nodetool-logback", ".xml");
    try {
      // As Cassandra's logback-tools.xml: warnings and errors only, on standard error.
      Files.writeString(
          logback,
          "<configuration>\n"
              + "  <appender name=\"STDERR\" class=\"ch.qos.logback.core.ConsoleAppender\">\n"
              + "    <target>System.err</target>\n"
              + "    <encoder><pattern>%-5level %date{HH:mm:ss,SSS} %msg%n</pattern></encoder>\n"
              + "  </appender>\n"
              + "  <root level=\"WARN\"><appender-ref ref=\"STDERR\"/></root>\n"
              + "</configuration>\n",
          StandardCharsets.UTF_8);
      Process p =
          new ProcessBuilder(command(LocalCassandraNode.jmxPortOf(address), args, logback))
              .inheritIO()
              .start();
      return p.waitFor();
    } finally {
      Files.deleteIfExists(logback);
    }
  }
}
