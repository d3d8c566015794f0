package org.gbabsf.diameter.zn;

import static org.gbabsf.diameter.base.BaseAvps.VENDOR_3GPP;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.base.BaseMessages.ResultCode;
import org.gbabsf.diameter.base.DiameterTime;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.zn.avp.ZnAvps;

/**
 * Bootstrapping-Info-Request/Answer on Zn (TS 29.109 §5.4) as a pure mapping, both ways: the BSF
 * decodes BIRs and encodes BIAs ({@link #encodeBia} is the one place Zn outcomes become result
 * codes); the NAF simulator does the opposite.
 */
public final class ZnCodec {

  private ZnCodec() {}

  /**
   * A BIR's content.
   *
   * @param sessionId Session-Id
   * @param originHost the NAF's Origin-Host
   * @param originRealm the NAF's Origin-Realm
   * @param destinationRealm the BSF's realm
   * @param btid Transaction-Identifier
   * @param nafId NAF-Id
   * @param services GAA-Service-Identifiers (as numbers)
   * @param gbaUAware GBA_U-Awareness-Indicator = YES
   */
  public record Bir(
      String sessionId,
      String originHost,
      String originRealm,
      String destinationRealm,
      BTid btid,
      NafId nafId,
      List<Integer> services,
      boolean gbaUAware) {
    /** Copies the list. */
    public Bir {
      services = List.copyOf(services);
    }
  }

  /** The BIR of TS 29.109 §5.4.1, P bit set. */
  public static DiameterMessage encodeBir(Bir b) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.utf8(BaseAvps.SESSION_ID, 0, true, b.sessionId()));
    avps.add(BaseMessages.vendorSpecificApplicationId(VENDOR_3GPP, ZnAvps.APPLICATION_ID));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, b.originHost()));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, b.originRealm()));
    avps.add(Avp.identity(BaseAvps.DESTINATION_REALM, 0, true, b.destinationRealm()));
    avps.add(
        Avp.octets(
            ZnAvps.TRANSACTION_IDENTIFIER,
            VENDOR_3GPP,
            true,
            b.btid().value().getBytes(StandardCharsets.UTF_8)));
    avps.add(Avp.octets(ZnAvps.NAF_ID, VENDOR_3GPP, true, b.nafId().octets()));
    for (int service : b.services()) {
      avps.add(
          Avp.octets(
              ZnAvps.GAA_SERVICE_IDENTIFIER,
              VENDOR_3GPP,
              true,
              Integer.toString(service).getBytes(StandardCharsets.US_ASCII)));
    }
    if (b.gbaUAware()) {
      avps.add(Avp.u32(ZnAvps.GBA_U_AWARENESS_INDICATOR, VENDOR_3GPP, true, 1));
    }
    return DiameterMessage.request(ZnAvps.BOOTSTRAPPING_INFO, ZnAvps.APPLICATION_ID, true, avps);
  }

  /** What a BIR asks, or why it cannot be answered. */
  public sealed interface BirDecoded {
    /**
     * A usable BIR.
     *
     * @param btid the B-TID
     * @param nafId the NAF_Id
     * @param services the GAA service identifiers
     * @param gbaUAware the awareness indicator
     */
    record Valid(BTid btid, NafId nafId, List<Integer> services, boolean gbaUAware)
        implements BirDecoded {}

    /**
     * A BIR missing a mandatory AVP or carrying an unusable one.
     *
     * @param resultCode 5005 (missing), 5004 (invalid value), 5001 (unknown AVP with the M bit) or
     *     5009 (a single AVP twice)
     * @param failed the AVP for Failed-AVP
     */
    record Invalid(long resultCode, Avp failed) implements BirDecoded {}
  }

  private static final int ORIGIN_STATE_ID = 278;
  private static final int PROXY_INFO = 284;
  private static final int ROUTE_RECORD = 282;

  /** The AVPs of a BIR's ABNF (TS 29.109 §5.4.1) and the base AVPs a relay may add. */
  private static final Set<Long> KNOWN =
      Set.of(
          key(BaseAvps.SESSION_ID, 0),
          key(BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID, 0),
          key(BaseAvps.AUTH_APPLICATION_ID, 0),
          key(BaseAvps.AUTH_SESSION_STATE, 0),
          key(BaseAvps.ORIGIN_HOST, 0),
          key(BaseAvps.ORIGIN_REALM, 0),
          key(BaseAvps.DESTINATION_REALM, 0),
          key(BaseAvps.DESTINATION_HOST, 0),
          key(ORIGIN_STATE_ID, 0),
          key(PROXY_INFO, 0),
          key(ROUTE_RECORD, 0),
          key(ZnAvps.TRANSACTION_IDENTIFIER, VENDOR_3GPP),
          key(ZnAvps.NAF_ID, VENDOR_3GPP),
          key(ZnAvps.GAA_SERVICE_IDENTIFIER, VENDOR_3GPP),
          key(ZnAvps.GBA_U_AWARENESS_INDICATOR, VENDOR_3GPP));

  /** The AVPs a BIR may carry once at most (the others are repeatable or unknown). */
  private static final Set<Long> ONCE =
      Set.of(
          key(BaseAvps.SESSION_ID, 0),
          key(BaseAvps.VENDOR_SPECIFIC_APPLICATION_ID, 0),
          key(BaseAvps.ORIGIN_HOST, 0),
          key(BaseAvps.ORIGIN_REALM, 0),
          key(BaseAvps.DESTINATION_REALM, 0),
          key(BaseAvps.DESTINATION_HOST, 0),
          key(ZnAvps.TRANSACTION_IDENTIFIER, VENDOR_3GPP),
          key(ZnAvps.NAF_ID, VENDOR_3GPP),
          key(ZnAvps.GBA_U_AWARENESS_INDICATOR, VENDOR_3GPP));

  private static long key(int code, long vendor) {
    return (vendor << 32) | (code & 0xFFFF_FFFFL);
  }

  /**
   * The first AVP of {@code bir} that breaks RFC 6733 §7.1.5 rules, as the answer's reason: 5001
   * DIAMETER_AVP_UNSUPPORTED for an unknown AVP with the M bit, 5009
   * DIAMETER_AVP_OCCURS_TOO_MANY_TIMES for the second occurrence of a single AVP (that occurrence
   * in Failed-AVP), 5004 for an empty Session-Id.
   */
  private static Optional<BirDecoded.Invalid> structure(DiameterMessage bir) {
    Set<Long> seen = new HashSet<>();
    for (Avp a : bir.avps()) {
      long k = key(a.code(), a.vendorId());
      if (!KNOWN.contains(k)) {
        if (a.mandatory()) {
          return Optional.of(new BirDecoded.Invalid(ResultCodes.AVP_UNSUPPORTED, a));
        }
        continue;
      }
      if (ONCE.contains(k) && !seen.add(k)) {
        return Optional.of(new BirDecoded.Invalid(ResultCodes.AVP_OCCURS_TOO_MANY_TIMES, a));
      }
      if (a.code() == BaseAvps.SESSION_ID && a.vendorId() == 0 && a.dataLength() == 0) {
        return Optional.of(new BirDecoded.Invalid(ResultCodes.INVALID_AVP_VALUE, a));
      }
    }
    return Optional.empty();
  }

  /** Reads a BIR (BSF side). */
  public static BirDecoded decodeBir(DiameterMessage bir) {
    Optional<BirDecoded.Invalid> broken = structure(bir);
    if (broken.isPresent()) {
      return broken.get();
    }
    if (bir.first(BaseAvps.SESSION_ID, 0).isEmpty()) {
      return missing(Avp.utf8(BaseAvps.SESSION_ID, 0, true, ""));
    }
    Optional<Avp> tid = bir.first(ZnAvps.TRANSACTION_IDENTIFIER, VENDOR_3GPP);
    if (tid.isEmpty()) {
      return missing(Avp.octets(ZnAvps.TRANSACTION_IDENTIFIER, VENDOR_3GPP, true, new byte[0]));
    }
    Optional<Avp> naf = bir.first(ZnAvps.NAF_ID, VENDOR_3GPP);
    if (naf.isEmpty()) {
      return missing(Avp.octets(ZnAvps.NAF_ID, VENDOR_3GPP, true, new byte[0]));
    }
    String btidText = tid.get().utf8();
    int at = btidText.indexOf('@');
    if (at <= 0 || at == btidText.length() - 1 || btidText.length() > BTid.MAX_LENGTH) {
      return new BirDecoded.Invalid(5004, tid.get());
    }
    Optional<NafId> nafId = NafId.parse(naf.get().octets());
    if (nafId.isEmpty()) {
      return new BirDecoded.Invalid(5004, naf.get());
    }
    List<Integer> services = new ArrayList<>();
    for (Avp s : Avp.all(bir.avps(), ZnAvps.GAA_SERVICE_IDENTIFIER, VENDOR_3GPP)) {
      String text = new String(s.octets(), StandardCharsets.US_ASCII).strip();
      if (!text.matches("[0-9]{1,9}")) {
        return new BirDecoded.Invalid(5004, s);
      }
      services.add(Integer.parseInt(text));
    }
    boolean aware =
        bir.first(ZnAvps.GBA_U_AWARENESS_INDICATOR, VENDOR_3GPP)
            .flatMap(Avp::u32)
            .map(v -> v == 1)
            .orElse(false);
    return new BirDecoded.Valid(new BTid(btidText), nafId.get(), services, aware);
  }

  private static BirDecoded missing(Avp example) {
    return new BirDecoded.Invalid(ResultCodes.MISSING_AVP, example);
  }

  /**
   * The BIA for {@code outcome} (TS 29.109 §5.4.2). Mapping: keys → 2001 with User-Name,
   * ME-Key-Material, [UICC-Key-Material], Key-ExpiryTime, BootstrapInfoCreationTime,
   * GBA-UserSecSettings (only the NAF's USSs), GBA-Type; unknown or expired B-TID →
   * Experimental-Result 5403; NAF not authorised → 5402; store unavailable → Result-Code 3002
   * (transient: the NAF may retry, e.g. on a BSF of another data centre).
   */
  public static DiameterMessage encodeBia(
      DiameterMessage bir, String originHost, String originRealm, ZnOutcome outcome) {
    if (outcome instanceof ZnOutcome.Keys k) {
      List<Avp> avps = head(bir, originHost, originRealm, BaseMessages.resultCodeAvp(2001));
      avps.add(Avp.utf8(BaseAvps.USER_NAME, 0, true, k.impi().value()));
      avps.add(Avp.octets(ZnAvps.ME_KEY_MATERIAL, VENDOR_3GPP, true, k.ksExtNaf()));
      k.ksIntNaf()
          .ifPresent(i -> avps.add(Avp.octets(ZnAvps.UICC_KEY_MATERIAL, VENDOR_3GPP, true, i)));
      avps.add(time(ZnAvps.KEY_EXPIRY_TIME, k.expiresAt()));
      avps.add(time(ZnAvps.BOOTSTRAP_INFO_CREATION_TIME, k.createdAt()));
      avps.add(Avp.utf8(ZnAvps.GBA_USER_SEC_SETTINGS, VENDOR_3GPP, true, k.gussXml()));
      avps.add(Avp.u32(ZnAvps.GBA_TYPE, VENDOR_3GPP, true, k.gbaType().code()));
      return DiameterMessage.answerTo(bir, false, avps);
    }
    if (outcome instanceof ZnOutcome.UnknownBtid) {
      return experimental(
          bir, originHost, originRealm, ZnAvps.ERROR_TRANSACTION_IDENTIFIER_INVALID);
    }
    if (outcome instanceof ZnOutcome.NotAuthorised) {
      return experimental(bir, originHost, originRealm, ZnAvps.ERROR_NOT_AUTHORIZED);
    }
    return DiameterMessage.answerTo(
        bir,
        true,
        head(
            bir,
            originHost,
            originRealm,
            BaseMessages.resultCodeAvp(ResultCodes.UNABLE_TO_DELIVER)));
  }

  /** A BIA refusing a BIR that did not decode (5005 or 5004 with Failed-AVP). */
  public static DiameterMessage encodeBiaInvalid(
      DiameterMessage bir, String originHost, String originRealm, BirDecoded.Invalid invalid) {
    List<Avp> avps =
        head(bir, originHost, originRealm, BaseMessages.resultCodeAvp(invalid.resultCode()));
    avps.add(BaseMessages.failedAvp(List.of(invalid.failed())));
    return DiameterMessage.answerTo(bir, false, avps);
  }

  private static DiameterMessage experimental(
      DiameterMessage bir, String originHost, String originRealm, long code) {
    return DiameterMessage.answerTo(
        bir,
        false,
        head(bir, originHost, originRealm, BaseMessages.experimentalResult(VENDOR_3GPP, code)));
  }

  private static List<Avp> head(
      DiameterMessage bir, String originHost, String originRealm, Avp result) {
    List<Avp> avps = new ArrayList<>();
    avps.add(bir.first(BaseAvps.SESSION_ID, 0).orElse(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "")));
    avps.add(BaseMessages.vendorSpecificApplicationId(VENDOR_3GPP, ZnAvps.APPLICATION_ID));
    avps.add(result);
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, originHost));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, originRealm));
    return avps;
  }

  private static Avp time(int code, Instant t) {
    return Avp.u32(code, VENDOR_3GPP, true, DiameterTime.toNtp(t));
  }

  /** What a BIA tells a NAF. */
  public sealed interface BiaResult {
    /**
     * Keys. Key material: not printed.
     *
     * @param impi User-Name
     * @param ksExtNaf ME-Key-Material
     * @param ksIntNaf UICC-Key-Material, if sent
     * @param expiresAt Key-ExpiryTime
     * @param createdAt BootstrapInfoCreationTime
     * @param gussXml GBA-UserSecSettings
     */
    record Keys(
        String impi,
        byte[] ksExtNaf,
        Optional<byte[]> ksIntNaf,
        Instant expiresAt,
        Instant createdAt,
        String gussXml)
        implements BiaResult {
      @Override
      public String toString() {
        return "Keys[" + impi + ", keys hidden]";
      }
    }

    /**
     * No keys.
     *
     * @param code the (experimental) result code
     */
    record Refused(long code) implements BiaResult {}
  }

  /** Reads a BIA (NAF side). */
  public static BiaResult decodeBia(DiameterMessage bia) {
    Optional<ResultCode> rc = BaseMessages.resultCode(bia);
    if (rc.isEmpty() || rc.get().code() != 2001) {
      return new BiaResult.Refused(rc.map(ResultCode::code).orElse(0L));
    }
    Optional<Avp> key = bia.first(ZnAvps.ME_KEY_MATERIAL, VENDOR_3GPP);
    if (key.isEmpty()) {
      return new BiaResult.Refused(0);
    }
    return new BiaResult.Keys(
        bia.first(BaseAvps.USER_NAME, 0).map(Avp::utf8).orElse(""),
        key.get().octets(),
        bia.first(ZnAvps.UICC_KEY_MATERIAL, VENDOR_3GPP).map(Avp::octets),
        bia.first(ZnAvps.KEY_EXPIRY_TIME, VENDOR_3GPP)
            .flatMap(Avp::u32)
            .map(DiameterTime::fromNtp)
            .orElse(Instant.EPOCH),
        bia.first(ZnAvps.BOOTSTRAP_INFO_CREATION_TIME, VENDOR_3GPP)
            .flatMap(Avp::u32)
            .map(DiameterTime::fromNtp)
            .orElse(Instant.EPOCH),
        bia.first(ZnAvps.GBA_USER_SEC_SETTINGS, VENDOR_3GPP).map(Avp::utf8).orElse(""));
  }
}
