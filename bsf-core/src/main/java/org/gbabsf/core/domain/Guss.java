package org.gbabsf.core.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * GBA User Security Settings (TS 29.109 Annex A) as received from the HSS. The raw XML is kept
 * verbatim so that Zn can hand NAFs exactly what the HSS provisioned; the parsed fields drive
 * policy.
 *
 * @param rawXml the GUSS document as received (empty when the HSS sent none)
 * @param uiccType GBA or GBA_U
 * @param lifetime the {@code lifeTime} of bsfInfo, if present
 * @param ussList the user security settings
 * @param timestamp when the HSS last changed this GUSS, if the GUSS says ({@code
 *     Extension/timestamp}); what the BSF sends back in GUSS-Timestamp (TS 29.109 §6.3.1.10). Only
 *     Zh uses it: the session stores do not keep it, so a GUSS read back from one has none
 */
public record Guss(
    String rawXml,
    UiccType uiccType,
    Optional<Duration> lifetime,
    List<UserSecuritySetting> ussList,
    Optional<Instant> timestamp) {

  /** Normalises nulls and copies the list. */
  public Guss {
    rawXml = rawXml == null ? "" : rawXml;
    uiccType = uiccType == null ? UiccType.GBA : uiccType;
    lifetime = lifetime == null ? Optional.empty() : lifetime;
    ussList = List.copyOf(ussList);
    timestamp = timestamp == null ? Optional.empty() : timestamp;
  }

  /** A GUSS without a timestamp. */
  public Guss(
      String rawXml,
      UiccType uiccType,
      Optional<Duration> lifetime,
      List<UserSecuritySetting> ussList) {
    this(rawXml, uiccType, lifetime, ussList, Optional.empty());
  }

  /** A GUSS with no settings, for an HSS that sends none. */
  public static Guss empty() {
    return new Guss("", UiccType.GBA, Optional.empty(), List.of());
  }
}
