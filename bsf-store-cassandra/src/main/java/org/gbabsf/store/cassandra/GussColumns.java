package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.seal.RowDigest;

/**
 * Maps a {@link Guss} to and from the four columns that store it: the raw XML verbatim (Zn hands it
 * to NAFs), the UICC type, the lifetime in seconds, and the parsed USS list as JSON so that no
 * reader needs an XML parser. All four are bound to the row's sealed key ({@link #bind}).
 */
final class GussColumns {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<UserSecuritySetting>> USS_LIST = new TypeReference<>() {};

  private GussColumns() {}

  static String ussJson(Guss guss) {
    try {
      return JSON.writeValueAsString(guss.ussList());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("USS list does not serialise", e);
    }
  }

  static Integer lifetimeSeconds(Guss guss) {
    return guss.lifetime().map(d -> (int) Math.min(Integer.MAX_VALUE, d.toSeconds())).orElse(null);
  }

  /**
   * {@code row} with the four GUSS columns as stored (the XML as received, the USS list as its
   * JSON): what the sealed key of the row is bound to, so that a GUSS rewritten in the store does
   * not open.
   */
  static RowDigest bind(
      RowDigest row, String xml, String uicc, Integer lifetimeSeconds, String ussJson) {
    return row.text("guss_xml", xml)
        .text("guss_uicc", uicc)
        .integer("guss_lifetime_s", lifetimeSeconds)
        .text("guss_uss", ussJson);
  }

  /** {@link #bind} with the GUSS columns of {@code row}, as read. */
  static RowDigest bind(RowDigest digest, Row row) {
    return bind(
        digest,
        row.getString("guss_xml"),
        row.getString("guss_uicc"),
        lifetimeSeconds(row),
        row.getString("guss_uss"));
  }

  /** The GUSS of {@code row}. */
  static Guss read(Row row) {
    return read(
        row.getString("guss_xml"),
        row.getString("guss_uicc"),
        lifetimeSeconds(row),
        row.getString("guss_uss"));
  }

  private static Integer lifetimeSeconds(Row row) {
    return row.isNull("guss_lifetime_s") ? null : row.getInt("guss_lifetime_s");
  }

  static Guss read(String xml, String uicc, Integer lifetimeSeconds, String ussJson) {
    List<UserSecuritySetting> uss;
    try {
      uss = ussJson == null || ussJson.isEmpty() ? List.of() : JSON.readValue(ussJson, USS_LIST);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored USS list does not parse", e);
    }
    return new Guss(
        xml,
        uicc == null ? UiccType.GBA : UiccType.valueOf(uicc),
        Optional.ofNullable(lifetimeSeconds).map(s -> Duration.ofSeconds(s)),
        uss);
  }
}
