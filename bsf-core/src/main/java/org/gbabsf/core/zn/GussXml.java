package org.gbabsf.core.zn;

import java.util.List;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;

/**
 * Renders a GUSS (TS 29.109 Annex A) holding only the USSs a NAF may see: what Zn hands a NAF in
 * GBA-UserSecSettings, so no NAF learns a user's settings for other NAF groups.
 */
public final class GussXml {

  private GussXml() {}

  /** bsfInfo of {@code guss} and {@code uss}, as a GUSS document. */
  public static String render(Guss guss, List<UserSecuritySetting> uss) {
    StringBuilder x =
        new StringBuilder(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><guss xmlns=\"uri:3gpp-gba\">");
    x.append("<bsfInfo><uiccType>")
        .append(guss.uiccType() == UiccType.GBA_U ? "GBA_U" : "GBA")
        .append("</uiccType>");
    guss.lifetime()
        .ifPresent(l -> x.append("<lifeTime>").append(l.toSeconds()).append("</lifeTime>"));
    x.append("</bsfInfo><ussList>");
    for (UserSecuritySetting u : uss) {
      x.append("<uss id=\"")
          .append(escape(u.id()))
          .append("\" type=\"")
          .append(u.type())
          .append('"');
      if (!u.nafGroup().isEmpty()) {
        x.append(" nafGroup=\"").append(escape(u.nafGroup())).append('"');
      }
      x.append("><uids>");
      for (String uid : u.uids()) {
        x.append("<uid>").append(escape(uid)).append("</uid>");
      }
      x.append("</uids><flags>");
      for (int f : u.flags()) {
        x.append("<flag>").append(f).append("</flag>");
      }
      x.append("</flags></uss>");
    }
    return x.append("</ussList></guss>").toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
