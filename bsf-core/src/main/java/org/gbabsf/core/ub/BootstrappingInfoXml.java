package org.gbabsf.core.ub;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import org.gbabsf.core.domain.BTid;

/**
 * Renders the 200 OK body of Ub, MIME type {@code application/vnd.3gpp.bsf+xml} (TS 24.109 §4.5.2
 * and Annex C): the B-TID and the key lifetime as an xs:dateTime in UTC ending in {@code Z}.
 */
public final class BootstrappingInfoXml {

  /** The MIME type of the body (TS 24.109 Annex C). */
  public static final String CONTENT_TYPE = "application/vnd.3gpp.bsf+xml";

  private BootstrappingInfoXml() {}

  /** The document's bytes, UTF-8. */
  public static byte[] render(BTid btid, Instant expiresAt) {
    String xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<BootstrappingInfo xmlns=\"uri:3gpp-gba\">"
            + "<btid>"
            + escape(btid.value())
            + "</btid>"
            + "<lifetime>"
            + lifetime(expiresAt)
            + "</lifetime>"
            + "</BootstrappingInfo>\n";
    return xml.getBytes(StandardCharsets.UTF_8);
  }

  /** xs:dateTime in UTC with second precision, e.g. {@code 2026-11-22T09:00:00Z}. */
  public static String lifetime(Instant expiresAt) {
    return DateTimeFormatter.ISO_INSTANT.format(expiresAt.truncatedTo(ChronoUnit.SECONDS));
  }

  private static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
