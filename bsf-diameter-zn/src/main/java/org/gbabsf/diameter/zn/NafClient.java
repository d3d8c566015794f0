package org.gbabsf.diameter.zn;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zn.avp.ZnAvps;

/**
 * A simulated NAF on Zn: a Diameter node connected to one BSF, asking Bootstrapping-Info for a
 * B-TID and reading the keys back. For tests, the demo and the load generator.
 */
public final class NafClient implements AutoCloseable {

  private final DiameterNode node;
  private final String bsfRealm;

  private NafClient(DiameterNode node, String bsfRealm) {
    this.node = node;
    this.bsfRealm = bsfRealm;
  }

  /**
   * Starts a NAF {@code nafHost}/{@code nafRealm} listening on {@code address:port}, connected to
   * the BSF {@code bsfHost} at {@code bsfAddress:bsfPort} in {@code bsfRealm}.
   */
  public static NafClient start(
      String nafHost,
      String nafRealm,
      String address,
      int port,
      String bsfHost,
      String bsfAddress,
      int bsfPort,
      String bsfRealm) {
    return start(
        nafHost,
        nafRealm,
        address,
        port,
        bsfHost,
        bsfAddress,
        bsfPort,
        bsfRealm,
        org.gbabsf.diameter.DiameterTls.NONE);
  }

  /**
   * As {@link #start(String, String, String, int, String, String, int, String)}, reaching the BSF
   * over TLS when {@code tls} requires it of {@code bsfHost} ({@code bsfPort} is then the BSF's TLS
   * port, and its certificate must name {@code bsfHost}).
   */
  public static NafClient start(
      String nafHost,
      String nafRealm,
      String address,
      int port,
      String bsfHost,
      String bsfAddress,
      int bsfPort,
      String bsfRealm,
      org.gbabsf.diameter.DiameterTls tls) {
    AppId zn = new AppId(BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID);
    DiameterNode node =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                    nafHost,
                    nafRealm,
                    address,
                    port,
                    "gba-bsf-naf-simulator",
                    zn,
                    new PeerConfig(bsfHost, bsfAddress, bsfPort, 1),
                    bsfRealm,
                    true)
                .withTls(tls),
            Map.of());
    return new NafClient(node, bsfRealm);
  }

  /** Our Origin-Host: the FQDN a BSF lets this NAF use in NAF_Ids by default. */
  public String originHost() {
    return node.originHost();
  }

  /** True once the connection to the BSF is open. */
  public boolean connected(String bsfHost) {
    return node.isUp(bsfHost);
  }

  /** Asks the BSF for the keys of {@code btid} for {@code nafId}. */
  public CompletionStage<ZnCodec.BiaResult> query(
      BTid btid, NafId nafId, List<Integer> services, boolean gbaUAware, Duration timeout) {
    return node.send(
            ZnCodec.encodeBir(
                new ZnCodec.Bir(
                    node.newSessionId(),
                    node.originHost(),
                    node.originRealm(),
                    bsfRealm,
                    btid,
                    nafId,
                    services,
                    gbaUAware)),
            timeout)
        .thenApply(ZnCodec::decodeBia);
  }

  @Override
  public void close() {
    node.close();
  }
}
