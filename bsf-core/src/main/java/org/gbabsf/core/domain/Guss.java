package org.gbabsf.core.domain;

import java.time.Duration;
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
 */
public record Guss(
    String rawXml,
    UiccType uiccType,
    Optional<Duration> lifetime,
    List<UserSecuritySetting> ussList) {

  /** Normalises nulls and copies the list. */
  public Guss {
    rawXml = rawXml == null ? "" : rawXml;
    uiccType = uiccType == null ? UiccType.GBA : uiccType;
    lifetime = lifetime == null ? Optional.empty() : lifetime;
    ussList = List.copyOf(ussList);
  }

  /** A GUSS with no settings, for an HSS that sends none. */
  public static Guss empty() {
    return new Guss("", UiccType.GBA, Optional.empty(), List.of());
  }
}
