package org.gbabsf.loadtest.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The generators' JSON result files: indented, UTF-8, read back by the bench scripts. */
public final class JsonFile {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonFile() {}

  /** Writes {@code value} (maps, lists, records, numbers, strings) to {@code file}. */
  public static void write(Path file, Object value) throws IOException {
    Files.writeString(file, MAPPER.writeValueAsString(value), StandardCharsets.UTF_8);
  }
}
