package org.gbabsf.diameter.testing;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;

/** Requests the node tests send. */
public final class TestRequests {

  /** Zh (3GPP TS 29.109). */
  public static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, 16777221L);

  /** Multimedia-Auth-Request. */
  public static final int MAR = 303;

  /** Zn (3GPP TS 29.109). */
  public static final AppId ZN = new AppId(BaseAvps.VENDOR_3GPP, 16777220L);

  /** Bootstrapping-Info-Request. */
  public static final int BIR = 310;

  private TestRequests() {}

  /**
   * Sends a MAR from {@code bsf} (bsf.home1.net) to hss.home1.net in realm hss.realm, with a
   * timeout of {@code timeout}.
   */
  public static CompletionStage<DiameterMessage> mar(DiameterNode bsf, Duration timeout) {
    return bsf.send(
        DiameterMessage.request(
            MAR,
            ZH.authApplicationId(),
            true,
            List.of(
                Avp.utf8(BaseAvps.SESSION_ID, 0, true, bsf.newSessionId()),
                BaseMessages.vendorSpecificApplicationId(ZH.vendorId(), ZH.authApplicationId()),
                Avp.u32(BaseAvps.AUTH_SESSION_STATE, 0, true, 1),
                Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "bsf.home1.net"),
                Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, "home1.net"),
                Avp.identity(BaseAvps.DESTINATION_REALM, 0, true, "hss.realm"),
                Avp.identity(BaseAvps.DESTINATION_HOST, 0, true, "hss.home1.net"))),
        timeout);
  }

  /**
   * A BIR of naf.home1.net (realm home1.net) to realm home1.net, with hop-by-hop and end-to-end
   * identifiers {@code n} and a Session-Id of its own.
   */
  public static DiameterMessage bir(int n) {
    return new DiameterMessage(
        BIR,
        ZN.authApplicationId(),
        true,
        true,
        false,
        false,
        n,
        n,
        List.of(
            Avp.utf8(BaseAvps.SESSION_ID, 0, true, "naf.home1.net;1;" + n),
            BaseMessages.vendorSpecificApplicationId(ZN.vendorId(), ZN.authApplicationId()),
            Avp.u32(BaseAvps.AUTH_SESSION_STATE, 0, true, 1),
            Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, "naf.home1.net"),
            Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, "home1.net"),
            Avp.identity(BaseAvps.DESTINATION_REALM, 0, true, "home1.net")));
  }
}
