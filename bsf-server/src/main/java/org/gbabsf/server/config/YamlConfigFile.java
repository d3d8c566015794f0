package org.gbabsf.server.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a YAML config file into flat entries: nested mappings become dotted names ({@code ub:
 * {port: 8080}} is {@code ub.port}), scalars keep the exact text written in the file.
 */
final class YamlConfigFile {

  /** What a flattened entry holds. */
  enum Shape {
    /** A scalar; {@link Entry#text()} is its text as written. */
    SCALAR,
    /** An explicit or implicit null ({@code key:}, {@code key: ~}); text is empty. */
    NULL,
    /** A sequence, which no key accepts; text is empty. */
    LIST
  }

  /**
   * One flattened entry.
   *
   * @param name the dotted name
   * @param text the scalar's text, empty unless the shape is {@link Shape#SCALAR}
   * @param shape what the YAML node was
   * @param line the 1-based line of the entry's key
   */
  record Entry(String name, String text, Shape shape, int line) {}

  /**
   * The file's entries in file order, and the problems that prevented reading (part of) it.
   *
   * @param entries the entries read, possibly only those before a syntax error
   * @param problems one line per problem; empty if the whole file was read
   */
  record Contents(List<Entry> entries, List<String> problems) {}

  private static final YAMLFactory YAML = new YAMLFactory();

  private YamlConfigFile() {}

  /** Reads a file; never throws for a missing, unreadable or malformed file, but reports it. */
  static Contents read(Path file) {
    List<Entry> entries = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    String where = "config file " + file;
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        JsonParser parser = YAML.createParser(reader)) {
      JsonToken root = parser.nextToken();
      if (root == null) {
        return new Contents(entries, problems); // an empty file (or only comments)
      }
      if (root != JsonToken.START_OBJECT) {
        problems.add(
            where + ": must be a YAML mapping of keys to values, like \"ub: {port: 8080}\"");
        return new Contents(entries, problems);
      }
      readMapping(parser, "", entries);
      if (parser.nextToken() != null) {
        problems.add(where + ": holds more than one YAML document; only one is supported");
      }
    } catch (NoSuchFileException e) {
      problems.add(where + ": does not exist (" + ConfigException.UNREADABLE + ")");
    } catch (JsonProcessingException e) {
      JsonLocation location = e.getLocation();
      String line = location != null && location.getLineNr() > 0 ? ":" + location.getLineNr() : "";
      problems.add(where + line + ": is not valid YAML: " + oneLine(e.getOriginalMessage()));
    } catch (IOException e) {
      problems.add(where + ": " + ConfigException.UNREADABLE + ": " + e);
    }
    return new Contents(entries, problems);
  }

  private static void readMapping(JsonParser parser, String prefix, List<Entry> entries)
      throws IOException {
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = prefix + parser.currentName();
      int line = parser.currentTokenLocation().getLineNr();
      JsonToken value = parser.nextToken();
      switch (value) {
        case START_OBJECT:
          readMapping(parser, name + ".", entries);
          break;
        case START_ARRAY:
          parser.skipChildren();
          entries.add(new Entry(name, "", Shape.LIST, line));
          break;
        case VALUE_NULL:
          entries.add(new Entry(name, "", Shape.NULL, line));
          break;
        default:
          entries.add(new Entry(name, parser.getText(), Shape.SCALAR, line));
          break;
      }
    }
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
