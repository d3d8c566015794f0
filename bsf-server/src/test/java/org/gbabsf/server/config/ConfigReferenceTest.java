package org.gbabsf.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigReferenceTest {

  /** Maven runs the tests with the module directory as working directory. */
  private static final Path PROJECT_ROOT = Path.of("..");

  private static final String HOW_TO_REGENERATE =
      "%s is out of date with BsfConfigKeys. Regenerate it from the project root with:%n  %s%n";

  @Test
  void should_match_the_generated_table_when_the_docs_are_up_to_date() throws IOException {
    Path docs = PROJECT_ROOT.resolve(ConfigReference.DOCS_FILE);
    String document = Files.readString(docs, StandardCharsets.UTF_8);

    assertThat(document)
        .withFailMessage(
            HOW_TO_REGENERATE, ConfigReference.DOCS_FILE, ConfigReference.REGENERATE_COMMAND)
        .isEqualTo(ConfigReference.withCurrentTable(document));
  }

  @Test
  void should_match_the_generated_example_when_bsf_yaml_is_up_to_date() throws IOException {
    Path example = PROJECT_ROOT.resolve(ConfigReference.EXAMPLE_FILE);

    assertThat(Files.readString(example, StandardCharsets.UTF_8))
        .withFailMessage(
            HOW_TO_REGENERATE, ConfigReference.EXAMPLE_FILE, ConfigReference.REGENERATE_COMMAND)
        .isEqualTo(ConfigReference.exampleYaml());
  }

  @Test
  void should_list_every_key_with_its_env_var_and_default_when_rendering_the_table() {
    String table = ConfigReference.markdownTable();

    assertThat(table.lines()).hasSize(2 + BsfConfigKeys.all().size());
    assertThat(table)
        .startsWith("| Key | Environment variable | Default | Description |\n")
        .contains("| `ub.max-in-flight` | `BSF_UB_MAX_IN_FLIGHT` | `10000` | Requests being")
        .contains("| `ub.realm` | `BSF_UB_REALM` | *(empty)* | ");
  }

  @Test
  void should_replace_only_the_text_between_the_markers_when_the_table_is_stale() {
    String stale =
        "# Intro\n"
            + ConfigReference.START_MARKER
            + "\n| old | table |\n"
            + ConfigReference.END_MARKER
            + "\nOutro\n";

    String updated = ConfigReference.withCurrentTable(stale);

    assertThat(updated)
        .isEqualTo(
            "# Intro\n"
                + ConfigReference.START_MARKER
                + "\n"
                + ConfigReference.markdownTable()
                + ConfigReference.END_MARKER
                + "\nOutro\n");
    assertThat(ConfigReference.withCurrentTable(updated)).isEqualTo(updated);
  }

  @Test
  void should_refuse_to_render_when_the_markers_are_missing() {
    assertThatThrownBy(() -> ConfigReference.withCurrentTable("# no markers\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(ConfigReference.START_MARKER);
  }

  @Test
  void should_rewrite_both_files_when_main_runs_on_a_project_root(@TempDir Path root)
      throws IOException {
    Path docs = root.resolve(ConfigReference.DOCS_FILE);
    Path example = root.resolve(ConfigReference.EXAMPLE_FILE);
    Files.createDirectories(docs.getParent());
    Files.createDirectories(example.getParent());
    Files.writeString(
        docs, "Intro\n" + ConfigReference.START_MARKER + "\n" + ConfigReference.END_MARKER + "\n");

    ConfigReference.main(new String[] {root.toString()});

    assertThat(Files.readString(docs)).contains(ConfigReference.markdownTable());
    assertThat(Files.readString(example)).isEqualTo(ConfigReference.exampleYaml());
  }

  @Test
  void should_load_every_default_when_the_bundled_example_file_is_used(@TempDir Path dir)
      throws IOException {
    Path copy = dir.resolve("bsf.yaml");
    try (InputStream bundled = ConfigReferenceTest.class.getResourceAsStream("/bsf.yaml")) {
      assertThat(bundled).as("bsf.yaml on the class path").isNotNull();
      Files.copy(bundled, copy);
    }

    BsfConfig config = ConfigLoader.load(copy, Map.of(), Map.of());

    BsfConfig defaults = ConfigLoader.defaults();
    for (ConfigKey<?> key : BsfConfigKeys.all()) {
      assertThat(config.get(key)).as(key.name()).isEqualTo(defaults.get(key));
      assertThat(config.source(key).kind()).as(key.name()).isEqualTo(ConfigSource.Kind.FILE);
    }
  }
}
