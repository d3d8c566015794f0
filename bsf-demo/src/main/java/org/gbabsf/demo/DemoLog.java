package org.gbabsf.demo;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * Sends the log lines of the servers the demo starts to a file of their own, so that the console
 * tells only the demo's story (one line a check). The file is named at the end of the demo.
 */
final class DemoLog {

  private DemoLog() {}

  /** Replaces every appender of the root logger with one writing to a new temporary file. */
  static Path redirect() throws IOException {
    Path file = Files.createTempFile("bsf-demo-", ".log");
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%d{ISO8601} %-5level [%thread] %logger - %msg%n");
    encoder.start();
    FileAppender<ILoggingEvent> appender = new FileAppender<>();
    appender.setContext(context);
    appender.setName("demo-file");
    appender.setFile(file.toString());
    appender.setEncoder(encoder);
    appender.start();
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.detachAndStopAllAppenders();
    root.addAppender(appender);
    return file;
  }
}
