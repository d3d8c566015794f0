package org.gbabsf.diameter.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterHeader;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;

/**
 * Answers to requests the transport refuses before the stack sees them (RFC 6733 §7.1.3 protocol
 * errors and §7.1.5 permanent failures of the message itself), as pure functions of the received
 * bytes. Only the header of a refused frame is trusted; its body is read only when it framed.
 */
public final class ProtocolAnswers {

  private ProtocolAnswers() {}

  /** Whether {@code received} holds a whole header with the R bit: only requests are answered. */
  public static boolean answerable(byte[] received) {
    return DiameterHeader.fits(received) && DiameterHeader.of(received).request();
  }

  /**
   * The answer to the request whose bytes start {@code received}: same command, application, P bit
   * and identifiers (RFC 6733 §6.2), Result-Code {@code resultCode} (E bit for 3xxx), our Origin
   * identities, the request's Session-Id if its body framed and has one, and the offending AVP in a
   * Failed-AVP when one is given. Empty if {@code received} is no answerable request.
   */
  public static Optional<byte[]> answer(
      byte[] received,
      boolean bodyFramed,
      long resultCode,
      byte[] failedAvp,
      String originHost,
      String originRealm) {
    if (!answerable(received)) {
      return Optional.empty();
    }
    DiameterHeader request = DiameterHeader.of(received);
    List<Avp> avps = new ArrayList<>();
    if (bodyFramed) {
      DiameterWire.decode(received)
          .flatMap(m -> m.first(BaseAvps.SESSION_ID, 0))
          .ifPresent(avps::add);
    }
    avps.add(Avp.u32(BaseAvps.RESULT_CODE, 0, true, resultCode));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, originHost));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, originRealm));
    if (failedAvp.length > 0) {
      avps.add(Avp.octets(BaseAvps.FAILED_AVP, 0, true, failedAvp));
    }
    DiameterMessage answer =
        new DiameterMessage(
            request.commandCode(),
            request.applicationId(),
            false,
            request.proxiable(),
            resultCode / 1000 == 3,
            false,
            request.hopByHop(),
            request.endToEnd(),
            avps);
    return Optional.of(DiameterWire.encode(answer));
  }
}
