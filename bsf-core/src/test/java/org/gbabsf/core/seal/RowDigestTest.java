package org.gbabsf.core.seal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RowDigestTest {

  private static byte[] guss(String xml, String uicc, Integer lifetime, String uss) {
    return RowDigest.of("bootstrap_session")
        .text("guss_xml", xml)
        .text("guss_uicc", uicc)
        .integer("guss_lifetime_s", lifetime)
        .text("guss_uss", uss)
        .value();
  }

  @Test
  void should_give_the_same_digest_when_the_same_values_are_read_back() {
    assertThat(guss("<guss/>", "GBA", 3600, "[]")).isEqualTo(guss("<guss/>", "GBA", 3600, "[]"));
    assertThat(
            RowDigest.of("t")
                .time("created_at", Instant.parse("2026-11-25T08:00:00.123456Z"))
                .value())
        .as("to the millisecond, as Cassandra gives it back")
        .isEqualTo(
            RowDigest.of("t").time("created_at", Instant.parse("2026-11-25T08:00:00.123Z")).value())
        .hasSize(RowDigest.LENGTH);
  }

  @Test
  void should_give_another_digest_when_any_column_differs_or_moves_between_columns() {
    byte[] base = guss("<guss/>", "GBA", 3600, "[]");

    assertThat(guss("<guss/> ", "GBA", 3600, "[]")).isNotEqualTo(base);
    assertThat(guss("<guss/>", "GBA_U", 3600, "[]")).isNotEqualTo(base);
    assertThat(guss("<guss/>", "GBA", 3601, "[]")).isNotEqualTo(base);
    assertThat(guss("<guss/>", "GBA", null, "[]")).isNotEqualTo(base);
    assertThat(guss("<guss/>", "GBA", 3600, "[{}]")).isNotEqualTo(base);
    assertThat(guss("<guss/>G", "BA", 3600, "[]")).as("a boundary shifted").isNotEqualTo(base);
    assertThat(guss("", "GBA", 3600, "[]"))
        .as("empty is not null")
        .isNotEqualTo(guss(null, "GBA", 3600, "[]"));
    assertThat(RowDigest.of("pending_challenge").text("guss_xml", "<guss/>").value())
        .as("another table")
        .isNotEqualTo(RowDigest.of("bootstrap_session").text("guss_xml", "<guss/>").value());
  }

  @Test
  void should_refuse_a_column_when_the_digest_is_already_taken() {
    RowDigest d = RowDigest.of("bootstrap_session").text("guss_xml", "<guss/>");
    byte[] first = d.value();

    assertThat(d.value()).isEqualTo(first);
    assertThatThrownBy(() -> d.text("guss_uss", "[]")).isInstanceOf(IllegalStateException.class);
    assertThat(d.toString()).doesNotContain("guss");
  }
}
