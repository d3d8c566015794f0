package org.gbabsf.sba.n68;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gbabsf.core.domain.Impi;

/**
 * The SUPI of an IMPI derived from an IMSI (TS 23.003 §13.3): {@code
 * <IMSI>@ims.mnc<MNC>.mcc<MCC>.3gppnetwork.org}, where a 2-digit MNC is written with a leading
 * zero. The SUPI is {@code imsi-<IMSI>} (TS 29.571 Supi). The IMSI must begin with that MCC and MNC
 * (as 3 digits, or as 2 when the written MNC starts with 0). Any other IMPI has no SUPI, and the
 * UDM cannot be asked for it. Pure functions.
 */
public final class ImsiImpi {

  private static final Pattern IMPI =
      Pattern.compile(
          "^([0-9]{5,15})@ims\\.mnc([0-9]{3})\\.mcc([0-9]{3})\\.3gppnetwork\\.org$",
          Pattern.CASE_INSENSITIVE);

  private ImsiImpi() {}

  /** {@code imsi-<IMSI>} for an IMSI-derived IMPI; empty for any other. */
  public static Optional<String> supi(Impi impi) {
    Matcher m = IMPI.matcher(impi.value());
    if (!m.matches()) {
      return Optional.empty();
    }
    String imsi = m.group(1);
    String mnc = m.group(2);
    String mcc = m.group(3);
    boolean three = imsi.startsWith(mcc + mnc);
    boolean two = mnc.startsWith("0") && imsi.startsWith(mcc + mnc.substring(1));
    return three || two ? Optional.of("imsi-" + imsi) : Optional.empty();
  }

  /** The IMPI of {@code imsi} in the home network {@code mcc}/{@code mnc} (2 or 3 digits). */
  public static Impi impi(String imsi, String mcc, String mnc) {
    String m = mnc.length() == 2 ? "0" + mnc : mnc;
    return new Impi(imsi + "@ims.mnc" + m + ".mcc" + mcc + ".3gppnetwork.org");
  }
}
