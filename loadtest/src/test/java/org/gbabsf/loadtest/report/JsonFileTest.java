package org.gbabsf.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonFileTest {

  @TempDir Path dir;

  @Test
  void should_write_indented_json_that_reads_back_the_same_when_given_the_figures_of_a_run()
      throws Exception {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("achievedBootstrapsPerSecond", 357.5);
    figures.put("errors", Map.of("initial 503", 12L));
    figures.put("timeline", List.of(Map.of("t", 1.0), Map.of("t", 2.0)));
    Path file = dir.resolve("run.json");

    JsonFile.write(file, figures);

    String text = Files.readString(file, StandardCharsets.UTF_8);
    assertThat(text).contains("\n  \"achievedBootstrapsPerSecond\" : 357.5");
    assertThat(new ObjectMapper().readValue(text, Map.class))
        .containsEntry("achievedBootstrapsPerSecond", 357.5)
        .containsEntry("errors", Map.of("initial 503", 12))
        .containsEntry("timeline", List.of(Map.of("t", 1.0), Map.of("t", 2.0)));
  }
}
