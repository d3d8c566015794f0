package org.gbabsf.sba.nbsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.sba.json.SbiJson;

/**
 * User security settings as the {@code ussList} of TS 29.309 §6.1.6.2.4–6 (also the GUSS of TS
 * 29.562's gbaSDM): {@code {uss: {gsId, gsType, ueIds: [{ueId}], nafGroup, flags: [{flag}]}}}. The
 * GUSS XML of Zh names a USS by a string {@code id}; on the SBA its {@code gsId} is a Uint32, so a
 * USS whose id is not a number, or that has no user identity, cannot be written and is left out
 * (the caller counts it). Pure functions.
 */
public final class UssJson {

  private static final long UINT32_MAX = 0xFFFF_FFFFL;

  private UssJson() {}

  /** The ussList items of {@code settings}, leaving out those the SBA cannot carry. */
  public static ArrayNode encode(List<UserSecuritySetting> settings) {
    ArrayNode out = SbiJson.mapper().createArrayNode();
    for (UserSecuritySetting s : settings) {
      Optional<Long> gsId = uint32(s.id());
      if (gsId.isEmpty() || s.uids().isEmpty()) {
        continue;
      }
      ObjectNode uss = out.addObject().putObject("uss");
      uss.put("gsId", gsId.get());
      uss.put("gsType", Integer.toUnsignedLong(s.type()));
      ArrayNode ueIds = uss.putArray("ueIds");
      s.uids().forEach(uid -> ueIds.addObject().put("ueId", uid));
      if (!s.nafGroup().isEmpty()) {
        uss.put("nafGroup", s.nafGroup());
      }
      if (!s.flags().isEmpty()) {
        ArrayNode flags = uss.putArray("flags");
        s.flags().forEach(f -> flags.addObject().put("flag", Integer.toUnsignedLong(f)));
      }
    }
    return out;
  }

  /** Whether {@link #encode} carries {@code s}. */
  public static boolean representable(UserSecuritySetting s) {
    return uint32(s.id()).isPresent() && !s.uids().isEmpty();
  }

  /**
   * Reads a ussList; empty if an item is malformed (not an object, gsId or gsType not a Uint32, no
   * ueIds, a ueId not a string, flags not an array, a flag not a Uint32).
   */
  public static Optional<List<UserSecuritySetting>> decode(JsonNode ussList) {
    if (!ussList.isArray()) {
      return Optional.empty();
    }
    List<UserSecuritySetting> out = new ArrayList<>();
    for (JsonNode item : ussList) {
      JsonNode uss = item.path("uss");
      Optional<Long> gsId = uint32(uss.get("gsId"));
      Optional<Long> gsType = uint32(uss.get("gsType"));
      JsonNode ueIds = uss.path("ueIds");
      if (gsId.isEmpty() || gsType.isEmpty() || !ueIds.isArray() || ueIds.isEmpty()) {
        return Optional.empty();
      }
      List<String> uids = new ArrayList<>();
      for (JsonNode u : ueIds) {
        JsonNode id = u.get("ueId");
        if (id == null || !id.isTextual()) {
          return Optional.empty();
        }
        uids.add(id.asText());
      }
      JsonNode flagList = uss.get("flags");
      if (flagList != null && !flagList.isArray()) {
        return Optional.empty();
      }
      List<Integer> flags = new ArrayList<>();
      for (JsonNode f : uss.path("flags")) {
        Optional<Long> flag = uint32(f.get("flag"));
        if (flag.isEmpty()) {
          return Optional.empty();
        }
        flags.add((int) (long) flag.get());
      }
      JsonNode group = uss.get("nafGroup");
      if (group != null && !group.isTextual()) {
        return Optional.empty();
      }
      out.add(
          new UserSecuritySetting(
              Long.toString(gsId.get()),
              (int) (long) gsType.get(),
              group == null ? "" : group.asText(),
              uids,
              flags));
    }
    return Optional.of(out);
  }

  private static Optional<Long> uint32(String s) {
    // ASCII digits only: Character.isDigit (and Long.parseLong) also take other scripts' digits.
    if (s.isEmpty() || s.length() > 10 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return Optional.empty();
    }
    long v = Long.parseLong(s);
    return v <= UINT32_MAX ? Optional.of(v) : Optional.empty();
  }

  private static Optional<Long> uint32(JsonNode n) {
    if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
      return Optional.empty();
    }
    long v = n.asLong();
    return v >= 0 && v <= UINT32_MAX ? Optional.of(v) : Optional.empty();
  }
}
