package org.gbabsf.core.sim;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;

/**
 * The GUSS a simulated HSS hands out: GBA_ME, a configurable lifetime, and one USS for the NAF
 * group {@code default} (GAA service type 1) naming the user's SIP URI. The XML follows the GUSS
 * schema of TS 29.109 Annex A.
 */
public final class SimulatedGuss {

  private final Duration lifetime;

  /** GUSS with {@code lifeTime} = {@code lifetime} in seconds. */
  public SimulatedGuss(Duration lifetime) {
    this.lifetime = lifetime;
  }

  /** The GUSS for {@code impi}. */
  public Guss forUser(Impi impi) {
    String uid = "sip:" + impi.value();
    String xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
            + "<guss xmlns=\"uri:3gpp-gba\" id=\""
            + escape(impi.value())
            + "\"><bsfInfo><uiccType>GBA</uiccType><lifeTime>"
            + lifetime.toSeconds()
            + "</lifeTime></bsfInfo><ussList><uss id=\"1\" type=\"1\" nafGroup=\"default\">"
            + "<uids><uid>"
            + escape(uid)
            + "</uid></uids><flags><flag>1</flag></flags></uss></ussList></guss>";
    return new Guss(
        xml,
        UiccType.GBA,
        Optional.of(lifetime),
        List.of(new UserSecuritySetting("1", 1, "default", List.of(uid), List.of(1))));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
