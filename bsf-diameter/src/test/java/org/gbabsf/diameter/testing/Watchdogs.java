package org.gbabsf.diameter.testing;

import java.util.List;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.base.BaseAvps;

/** Device-Watchdog answers a test peer sends (RFC 6733 §5.5.2). */
public final class Watchdogs {

  private Watchdogs() {}

  /** The DWA of {@code host}/{@code realm} to {@code dwr}: Result-Code 2001, same identifiers. */
  public static DiameterMessage dwaTo(DiameterMessage dwr, String host, String realm) {
    return DiameterMessage.answerTo(
        dwr,
        false,
        List.of(
            Avp.u32(BaseAvps.RESULT_CODE, 0, true, 2001),
            Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, host),
            Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, realm)));
  }
}
