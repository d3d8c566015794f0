package org.gbabsf.store.cassandra;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;

/**
 * Maps a {@link Guss} to and from the four columns that store it: the raw XML verbatim (Zn hands it
 * to NAFs), the UICC type, the lifetime in seconds, and the parsed USS list as JSON so that no
 * reader needs an XML parser.
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
