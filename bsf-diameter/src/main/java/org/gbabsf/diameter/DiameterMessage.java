package org.gbabsf.diameter;

import java.util.List;
import java.util.Optional;

/**
 * A Diameter message (RFC 6733 §3) as a value: header fields and AVPs in wire order. The interface
 * codecs produce and consume these; the node maps them to and from the stack.
 *
 * @param commandCode the command code
 * @param applicationId the header's Application-ID
 * @param request the R bit
 * @param proxiable the P bit
 * @param error the E bit
 * @param retransmitted the T bit
 * @param hopByHop the Hop-by-Hop Identifier
 * @param endToEnd the End-to-End Identifier
 * @param avps the AVPs in order
 */
public record DiameterMessage(
    int commandCode,
    long applicationId,
    boolean request,
    boolean proxiable,
    boolean error,
    boolean retransmitted,
    long hopByHop,
    long endToEnd,
    List<Avp> avps) {

  /** Copies the AVP list. */
  public DiameterMessage {
    avps = List.copyOf(avps);
  }

  /** A request with zero identifiers (the stack assigns them when sending). */
  public static DiameterMessage request(
      int commandCode, long applicationId, boolean proxiable, List<Avp> avps) {
    return new DiameterMessage(
        commandCode, applicationId, true, proxiable, false, false, 0, 0, avps);
  }

  /** An answer to {@code request}: same command, application, P bit and identifiers. */
  public static DiameterMessage answerTo(DiameterMessage request, boolean error, List<Avp> avps) {
    return new DiameterMessage(
        request.commandCode(),
        request.applicationId(),
        false,
        request.proxiable(),
        error,
        false,
        request.hopByHop(),
        request.endToEnd(),
        avps);
  }

  /** The first AVP with {@code code}/{@code vendorId}. */
  public Optional<Avp> first(int code, long vendorId) {
    return Avp.first(avps, code, vendorId);
  }

  /** This message with other identifiers (for golden tests and the stack mapping). */
  public DiameterMessage withIdentifiers(long hopByHop, long endToEnd) {
    return new DiameterMessage(
        commandCode,
        applicationId,
        request,
        proxiable,
        error,
        retransmitted,
        hopByHop,
        endToEnd,
        avps);
  }

  @Override
  public String toString() {
    return (request ? "Request[" : "Answer[")
        + commandCode
        + ", app "
        + applicationId
        + ", "
        + avps.size()
        + " AVPs]";
  }
}
