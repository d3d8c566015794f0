package org.gbabsf.demo;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gbabsf.server.log.EscapingConverter;
import org.slf4j.LoggerFactory;

/**
 * Sends the log lines of the servers the demo starts to a file of their own while it runs, so that
 * the console tells only the demo's story (one line a check); {@link #close} puts the previous
 * appenders back. The file keeps the production pattern, control characters escaped.
 */
final class DemoLog implements AutoCloseable {

  private static final String PATTERN =
      "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%escape(%thread)] %logger{36} - %escape(%msg){}%n";

  private final Path file;
  private final Logger root;
  private final FileAppender<ILoggingEvent> appender;
  private final List<Appender<ILoggingEvent>> previous;

  private DemoLog(
      Path file,
      Logger root,
      FileAppender<ILoggingEvent> appender,
      List<Appender<ILoggingEvent>> previous) {
    this.file = file;
    this.root = root;
    this.appender = appender;
    this.previous = previous;
  }

  /** Replaces the root logger's appenders with one writing to a new temporary file. */
  static DemoLog redirect() {
    Path file;
    try {
      file = Files.createTempFile("bsf-demo-", ".log");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the demo's log file", e);
    }
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    @SuppressWarnings("unchecked") // logback's registry of conversion words is untyped
    Map<String, String> rules =
        (Map<String, String>)
            context.getObject(ch.qos.logback.core.CoreConstants.PATTERN_RULE_REGISTRY);
    if (rules == null) {
      rules = new HashMap<>();
      context.putObject(ch.qos.logback.core.CoreConstants.PATTERN_RULE_REGISTRY, rules);
    }
    rules.putIfAbsent("escape", EscapingConverter.class.getName());
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(PATTERN);
    encoder.start();
    FileAppender<ILoggingEvent> appender = new FileAppender<>();
    appender.setContext(context);
    appender.setName("demo-file");
    appender.setFile(file.toString());
    appender.setEncoder(encoder);
    appender.start();
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    List<Appender<ILoggingEvent>> previous = new ArrayList<>();
    root.iteratorForAppenders().forEachRemaining(previous::add);
    previous.forEach(root::detachAppender);
    root.addAppender(appender);
    return new DemoLog(file, root, appender, previous);
  }

  /** The file the lines went to. */
  Path file() {
    return file;
  }

  /** Whether anything was written to it. */
  boolean wroteAnything() {
    try {
      return Files.size(file) > 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Puts the previous appenders back and closes the file. */
  @Override
  public void close() {
    root.detachAppender(appender);
    previous.forEach(root::addAppender);
    appender.stop();
  }
}
