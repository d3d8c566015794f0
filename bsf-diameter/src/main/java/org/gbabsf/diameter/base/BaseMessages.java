package org.gbabsf.diameter.base;

import java.util.List;
import java.util.Optional;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;

/** Reading and writing base-protocol AVPs shared by every application (pure helpers). */
public final class BaseMessages {

  private BaseMessages() {}

  /**
   * A Capabilities-Exchange-Request (RFC 6733 §5.3.1) from {@code host}/{@code realm} at 127.0.0.1
   * for one vendor-specific application, with identifiers 0x1234/0x5678: the CER of simulators and
   * test peers that speak raw bytes.
   */
  public static DiameterMessage capabilitiesExchangeRequest(
      String host, String realm, String productName, long vendorId, long authApplicationId) {
    return new DiameterMessage(
        BaseCommands.CAPABILITIES_EXCHANGE,
        0,
        true,
        false,
        false,
        false,
        0x1234,
        0x5678,
        List.of(
            Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, host),
            Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, realm),
            Avp.octets(257, 0, true, new byte[] {0, 1, 127, 0, 0, 1}),
            Avp.u32(BaseAvps.VENDOR_ID, 0, true, BaseAvps.VENDOR_3GPP),
            Avp.utf8(269, 0, false, productName),
            vendorSpecificApplicationId(vendorId, authApplicationId)));
  }

  /** Vendor-Specific-Application-Id {Vendor-Id, Auth-Application-Id} (RFC 6733 §6.11). */
  public static Avp vendorSpecificApplicationId(long vendorId, long authApplicationId) {
    return Avp.grouped(
        BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID,
        0,
        true,
        Avp.u32(BaseAvps.VENDOR_ID, 0, true, vendorId),
        Avp.u32(BaseAvps.AUTH_APPLICATION_ID, 0, true, authApplicationId));
  }

  /** The Session-Id of a message. */
  public static Optional<String> sessionId(DiameterMessage m) {
    return m.first(BaseAvps.SESSION_ID, 0).map(Avp::utf8);
  }

  /**
   * The outcome code of an answer: Result-Code, or Experimental-Result-Code inside
   * Experimental-Result (RFC 6733 §7.6), with whether it was experimental.
   */
  public static Optional<ResultCode> resultCode(DiameterMessage answer) {
    Optional<Long> plain = answer.first(BaseAvps.RESULT_CODE, 0).flatMap(Avp::u32);
    if (plain.isPresent()) {
      return Optional.of(new ResultCode(plain.get(), 0));
    }
    return answer
        .first(BaseAvps.EXPERIMENTAL_RESULT, 0)
        .flatMap(Avp::children)
        .flatMap(
            children -> {
              Optional<Long> code =
                  Avp.first(children, BaseAvps.EXPERIMENTAL_RESULT_CODE, 0).flatMap(Avp::u32);
              long vendor = Avp.first(children, BaseAvps.VENDOR_ID, 0).flatMap(Avp::u32).orElse(0L);
              return code.map(c -> new ResultCode(c, vendor));
            });
  }

  /** Result-Code {@code code}. */
  public static Avp resultCodeAvp(long code) {
    return Avp.u32(BaseAvps.RESULT_CODE, 0, true, code);
  }

  /** Experimental-Result {Vendor-Id, Experimental-Result-Code}. */
  public static Avp experimentalResult(long vendorId, long code) {
    return Avp.grouped(
        BaseAvps.EXPERIMENTAL_RESULT,
        0,
        true,
        Avp.u32(BaseAvps.VENDOR_ID, 0, true, vendorId),
        Avp.u32(BaseAvps.EXPERIMENTAL_RESULT_CODE, 0, true, code));
  }

  /** Failed-AVP wrapping copies of {@code avps} (RFC 6733 §7.5). */
  public static Avp failedAvp(List<Avp> avps) {
    return Avp.grouped(BaseAvps.FAILED_AVP, 0, true, avps);
  }

  /**
   * A Result-Code or an Experimental-Result-Code.
   *
   * @param code the code
   * @param vendorId the vendor of an experimental code, 0 for a Result-Code
   */
  public record ResultCode(long code, long vendorId) {
    /** True for 2xxx. */
    public boolean isSuccess() {
      return code >= 2000 && code < 3000;
    }
  }
}
