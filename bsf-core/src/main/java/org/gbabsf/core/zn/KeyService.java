package org.gbabsf.core.zn;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.port.PortCalls;
import org.gbabsf.core.port.SessionStore;

/**
 * What the BSF does for a NAF on Zn (TS 33.220 §4.5.3): find the bootstrapping session by B-TID
 * (one store read), check the NAF may serve the user ({@link UssPolicy}), and derive the NAF key
 * per request (Ks_NAF is never stored). Asynchronous; the stage never completes exceptionally.
 */
public final class KeyService {

  private final SessionStore sessions;
  private final Clock clock;
  private final Duration storeTimeout;

  /**
   * A NAF key request.
   *
   * @param btid the B-TID the UE presented to the NAF
   * @param nafId the NAF_Id
   * @param nafGroup the NAF's group, from its configuration
   * @param services GAA service identifiers the NAF named (empty for none)
   * @param gbaUAware whether the NAF is GBA_U-aware (GBA_U-Awareness-Indicator)
   */
  public record Request(
      BTid btid, NafId nafId, String nafGroup, List<Integer> services, boolean gbaUAware) {
    /** Copies the list. */
    public Request {
      services = List.copyOf(services);
    }
  }

  /** A service reading {@code sessions}, each read bounded by {@code storeTimeout}. */
  public KeyService(SessionStore sessions, Clock clock, Duration storeTimeout) {
    this.sessions = sessions;
    this.clock = clock;
    this.storeTimeout = storeTimeout;
  }

  /** Answers one request. */
  public CompletionStage<ZnOutcome> handle(Request request) {
    return PortCalls.within(storeTimeout, () -> sessions.find(request.btid()))
        .handle(
            (session, error) ->
                error != null ? new ZnOutcome.StoreUnavailable() : keys(request, session));
  }

  private ZnOutcome keys(Request request, Optional<SecurityAssociation> found) {
    if (found.isEmpty() || !clock.instant().isBefore(found.get().expiresAt())) {
      return new ZnOutcome.UnknownBtid();
    }
    SecurityAssociation s = found.get();
    if (Arrays.equals(request.nafId().uaSecurityProtocolId(), GbaKdf.TMPI_PROTOCOL_ID)) {
      // TS 33.220 Annex H.3: 01 00 00 01 00 names the TMPI derivation, not a Ua protocol. The key
      // for a NAF_Id of the BSF's name with it would begin with the UE's TMPI, which travels in
      // clear on Ub: no NAF gets a key under it.
      return new ZnOutcome.NotAuthorised("Ua security protocol id 0100000100 is the TMPI's");
    }
    List<UserSecuritySetting> visible =
        UssPolicy.visible(s.guss(), request.nafGroup(), request.services());
    if (!UssPolicy.authorised(s.guss(), visible)) {
      return new ZnOutcome.NotAuthorised("no user security setting for this NAF");
    }
    byte[] nafId = request.nafId().octets();
    byte[] rand = s.rand().octets();
    byte[] ext = GbaKdf.ksNaf(s.ks(), GbaKdf.GBA_ME, rand, s.impi().value(), nafId);
    Optional<byte[]> integrated =
        s.guss().uiccType() == UiccType.GBA_U && request.gbaUAware()
            ? Optional.of(GbaKdf.ksNaf(s.ks(), GbaKdf.GBA_U, rand, s.impi().value(), nafId))
            : Optional.empty();
    return new ZnOutcome.Keys(
        s.impi(),
        ext,
        integrated,
        s.expiresAt(),
        s.createdAt(),
        s.gbaType(),
        visible,
        GussXml.render(s.guss(), visible));
  }
}
