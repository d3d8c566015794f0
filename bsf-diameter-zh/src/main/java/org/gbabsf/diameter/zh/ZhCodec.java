package org.gbabsf.diameter.zh;

import static org.gbabsf.diameter.base.BaseAvps.VENDOR_3GPP;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.base.BaseMessages.ResultCode;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.zh.avp.ZhAvps;

/**
 * Multimedia-Auth-Request/Answer on Zh (TS 29.109 §4.4) as a pure mapping between domain types and
 * AVPs, both ways: the BSF encodes MARs and decodes MAAs; the HSS simulator does the opposite. The
 * mapping of answer codes to outcomes lives here and nowhere else ({@link #decodeMaa}).
 */
public final class ZhCodec {

  private static final int NONCE_OCTETS = 32;
  private static final int AUTS_OCTETS = 14;

  private ZhCodec() {}

  /**
   * A MAR's content.
   *
   * @param sessionId Session-Id
   * @param originHost Origin-Host
   * @param originRealm Origin-Realm
   * @param destinationRealm Destination-Realm
   * @param destinationHost Destination-Host, when a peer is pinned
   * @param impi User-Name
   * @param resync RAND ‖ AUTS when asking for resynchronisation
   * @param publicIdentity Public-Identity (601), optional
   * @param gussTimestamp GUSS-Timestamp (409) of the GUSS the BSF already holds, optional
   */
  public record Mar(
      String sessionId,
      String originHost,
      String originRealm,
      String destinationRealm,
      Optional<String> destinationHost,
      Impi impi,
      Optional<byte[]> resync,
      Optional<String> publicIdentity,
      Optional<java.time.Instant> gussTimestamp) {

    /** A MAR without the optional Public-Identity and GUSS-Timestamp. */
    public Mar(
        String sessionId,
        String originHost,
        String originRealm,
        String destinationRealm,
        Optional<String> destinationHost,
        Impi impi,
        Optional<byte[]> resync) {
      this(
          sessionId,
          originHost,
          originRealm,
          destinationRealm,
          destinationHost,
          impi,
          resync,
          Optional.empty(),
          Optional.empty());
    }

    /** Resync data is key-derived material: not printed. */
    @Override
    public String toString() {
      return "Mar[" + impi + (resync.isPresent() ? ", resync" : "") + "]";
    }
  }

  /** The MAR of TS 29.109 §4.4.1, P bit set. */
  public static DiameterMessage encodeMar(Mar m) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.utf8(BaseAvps.SESSION_ID, 0, true, m.sessionId()));
    avps.add(BaseMessages.vendorSpecificApplicationId(VENDOR_3GPP, ZhAvps.APPLICATION_ID));
    avps.add(Avp.u32(BaseAvps.AUTH_SESSION_STATE, 0, true, BaseAvps.NO_STATE_MAINTAINED));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, m.originHost()));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, m.originRealm()));
    avps.add(Avp.identity(BaseAvps.DESTINATION_REALM, 0, true, m.destinationRealm()));
    m.destinationHost()
        .ifPresent(h -> avps.add(Avp.identity(BaseAvps.DESTINATION_HOST, 0, true, h)));
    avps.add(Avp.utf8(BaseAvps.USER_NAME, 0, true, m.impi().value()));
    m.publicIdentity()
        .ifPresent(p -> avps.add(Avp.utf8(ZhAvps.PUBLIC_IDENTITY, VENDOR_3GPP, true, p)));
    m.resync()
        .ifPresent(
            randAuts ->
                avps.add(
                    Avp.grouped(
                        ZhAvps.SIP_AUTH_DATA_ITEM,
                        VENDOR_3GPP,
                        true,
                        Avp.utf8(
                            ZhAvps.SIP_AUTHENTICATION_SCHEME,
                            VENDOR_3GPP,
                            true,
                            ZhAvps.DIGEST_AKA_V1_MD5),
                        Avp.octets(ZhAvps.SIP_AUTHORIZATION, VENDOR_3GPP, true, randAuts))));
    // TS 29.109 §6.3.1.10: GUSS-Timestamp is a Time (RFC 6733 §4.3.1), V set, M clear.
    m.gussTimestamp()
        .ifPresent(
            t ->
                avps.add(
                    Avp.u32(
                        ZhAvps.GUSS_TIMESTAMP,
                        VENDOR_3GPP,
                        false,
                        org.gbabsf.diameter.base.DiameterTime.toNtp(t))));
    return DiameterMessage.request(ZhAvps.MULTIMEDIA_AUTH, ZhAvps.APPLICATION_ID, true, avps);
  }

  /** The outcome of reading a MAR, as a value. */
  public sealed interface MarDecoded {
    /**
     * A usable MAR.
     *
     * @param impi User-Name
     * @param resync RAND ‖ AUTS, present for resynchronisation
     * @param gussTimestamp GUSS-Timestamp: the timestamp of the GUSS the BSF holds, if it sent one
     */
    record Valid(Impi impi, Optional<byte[]> resync, Optional<java.time.Instant> gussTimestamp)
        implements MarDecoded {
      /** A MAR without GUSS-Timestamp. */
      public Valid(Impi impi, Optional<byte[]> resync) {
        this(impi, resync, Optional.empty());
      }
    }

    /**
     * A MAR missing a mandatory AVP (answer 5005 with Failed-AVP).
     *
     * @param missing an example of the missing AVP, for Failed-AVP
     */
    record MissingAvp(Avp missing) implements MarDecoded {}
  }

  /** Reads a MAR (HSS side). */
  public static MarDecoded decodeMar(DiameterMessage mar) {
    if (mar.first(BaseAvps.SESSION_ID, 0).isEmpty()) {
      return new MarDecoded.MissingAvp(Avp.utf8(BaseAvps.SESSION_ID, 0, true, ""));
    }
    Optional<String> user = mar.first(BaseAvps.USER_NAME, 0).map(Avp::utf8);
    if (user.isEmpty() || !Impi.isValid(user.get())) {
      return new MarDecoded.MissingAvp(Avp.utf8(BaseAvps.USER_NAME, 0, true, ""));
    }
    Optional<byte[]> resync =
        mar.first(ZhAvps.SIP_AUTH_DATA_ITEM, VENDOR_3GPP)
            .flatMap(Avp::children)
            .flatMap(c -> Avp.first(c, ZhAvps.SIP_AUTHORIZATION, VENDOR_3GPP))
            .map(Avp::octets);
    // A GUSS-Timestamp that is not a Time (4 octets) is ignored: its M bit is clear, and without it
    // the HSS sends the GUSS, which is always correct.
    Optional<java.time.Instant> gussTimestamp =
        mar.first(ZhAvps.GUSS_TIMESTAMP, VENDOR_3GPP)
            .flatMap(Avp::u32)
            .map(org.gbabsf.diameter.base.DiameterTime::fromNtp);
    return new MarDecoded.Valid(new Impi(user.get()), resync, gussTimestamp);
  }

  /** The MAA carrying a vector (2001) and, when not empty, the GUSS (TS 29.109 §4.4.2). */
  public static DiameterMessage encodeMaaVector(
      DiameterMessage mar,
      String originHost,
      String originRealm,
      AuthenticationVector av,
      String gussXml) {
    List<Avp> avps = answerHead(mar, originHost, originRealm, BaseMessages.resultCodeAvp(2001));
    mar.first(BaseAvps.USER_NAME, 0).ifPresent(avps::add);
    avps.add(
        Avp.grouped(
            ZhAvps.SIP_AUTH_DATA_ITEM,
            VENDOR_3GPP,
            true,
            Avp.utf8(ZhAvps.SIP_AUTHENTICATION_SCHEME, VENDOR_3GPP, true, ZhAvps.DIGEST_AKA_V1_MD5),
            Avp.octets(ZhAvps.SIP_AUTHENTICATE, VENDOR_3GPP, true, av.randAutn()),
            Avp.octets(ZhAvps.SIP_AUTHORIZATION, VENDOR_3GPP, true, av.xres()),
            Avp.octets(ZhAvps.CONFIDENTIALITY_KEY, VENDOR_3GPP, true, av.ck()),
            Avp.octets(ZhAvps.INTEGRITY_KEY, VENDOR_3GPP, true, av.ik())));
    if (!gussXml.isEmpty()) {
      avps.add(Avp.utf8(ZhAvps.GBA_USER_SEC_SETTINGS, VENDOR_3GPP, true, gussXml));
    }
    return DiameterMessage.answerTo(mar, false, avps);
  }

  /** An MAA with an Experimental-Result (vendor 3GPP), e.g. 5401 for an unknown IMPI. */
  public static DiameterMessage encodeMaaExperimental(
      DiameterMessage mar, String originHost, String originRealm, long code) {
    return DiameterMessage.answerTo(
        mar,
        false,
        answerHead(
            mar, originHost, originRealm, BaseMessages.experimentalResult(VENDOR_3GPP, code)));
  }

  /** An MAA with a Result-Code (E bit for protocol errors 3xxx), with Failed-AVP if given. */
  public static DiameterMessage encodeMaaResult(
      DiameterMessage mar,
      String originHost,
      String originRealm,
      long resultCode,
      Optional<Avp> failed) {
    List<Avp> avps =
        answerHead(mar, originHost, originRealm, BaseMessages.resultCodeAvp(resultCode));
    failed.ifPresent(f -> avps.add(BaseMessages.failedAvp(List.of(f))));
    return DiameterMessage.answerTo(mar, resultCode >= 3000 && resultCode < 4000, avps);
  }

  private static List<Avp> answerHead(
      DiameterMessage mar, String originHost, String originRealm, Avp result) {
    List<Avp> avps = new ArrayList<>();
    avps.add(mar.first(BaseAvps.SESSION_ID, 0).orElse(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "")));
    avps.add(BaseMessages.vendorSpecificApplicationId(VENDOR_3GPP, ZhAvps.APPLICATION_ID));
    avps.add(result);
    avps.add(Avp.u32(BaseAvps.AUTH_SESSION_STATE, 0, true, BaseAvps.NO_STATE_MAINTAINED));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, originHost));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, originRealm));
    return avps;
  }

  /** What an MAA means to the BSF. */
  public sealed interface MaaResult {
    /**
     * 2001 with a well-formed vector.
     *
     * @param vector the vector
     * @param guss the GUSS, or {@link Guss#empty()} when the HSS sent none
     */
    record Vector(AuthenticationVector vector, Guss guss) implements MaaResult {}

    /** 5401 (or the Cx code 5001): the HSS does not know the IMPI. */
    record UserUnknown() implements MaaResult {}

    /**
     * 4001: the HSS refuses (e.g. AUTS whose MAC-S does not verify).
     *
     * @param code the code
     */
    record Refused(long code) implements MaaResult {}

    /**
     * 4181, 3002, 3004: another HSS may succeed.
     *
     * @param code the code
     */
    record Retryable(long code) implements MaaResult {}

    /**
     * Any other code.
     *
     * @param code the code
     */
    record Failed(long code) implements MaaResult {}

    /**
     * An answer the BSF cannot use (no result, no vector, wrong lengths, bad GUSS).
     *
     * @param reason why, without key material
     */
    record Malformed(String reason) implements MaaResult {}
  }

  /** Maps an MAA to its meaning: the one place Zh result codes are interpreted. */
  public static MaaResult decodeMaa(DiameterMessage maa) {
    return decodeMaa(maa, GussParser::parse);
  }

  /**
   * Maps an MAA to its meaning, reading GBA-UserSecSettings with {@code gussReader} (which may
   * answer from a cache for a GUSS it has already parsed). A 2001 without GBA-UserSecSettings gives
   * {@link Guss#empty()}.
   */
  public static MaaResult decodeMaa(
      DiameterMessage maa, java.util.function.Function<String, GussParser.Result> gussReader) {
    Optional<ResultCode> result = BaseMessages.resultCode(maa);
    if (result.isEmpty()) {
      return new MaaResult.Malformed("no Result-Code or Experimental-Result");
    }
    ResultCode rc = result.get();
    boolean experimental = rc.vendorId() != 0;
    // Experimental-Result-Codes mean something only with their Vendor-Id (RFC 6733 §7.7).
    boolean threeGpp = rc.vendorId() == VENDOR_3GPP;
    long code = rc.code();
    if (threeGpp
        && (code == ZhAvps.ERROR_IDENTITY_UNKNOWN || code == ZhAvps.CX_ERROR_USER_UNKNOWN)) {
      return new MaaResult.UserUnknown();
    }
    if ((threeGpp && code == ZhAvps.AUTHENTICATION_DATA_UNAVAILABLE)
        || (!experimental
            && (code == ResultCodes.UNABLE_TO_DELIVER || code == ResultCodes.TOO_BUSY))) {
      return new MaaResult.Retryable(code);
    }
    if (!experimental && code == ResultCodes.AUTHENTICATION_REJECTED) {
      return new MaaResult.Refused(code);
    }
    if (experimental || code != 2001) {
      return new MaaResult.Failed(code);
    }
    return vector(maa, gussReader);
  }

  private static MaaResult vector(
      DiameterMessage maa, java.util.function.Function<String, GussParser.Result> gussReader) {
    Optional<List<Avp>> item =
        maa.first(ZhAvps.SIP_AUTH_DATA_ITEM, VENDOR_3GPP).flatMap(Avp::children);
    if (item.isEmpty()) {
      return new MaaResult.Malformed("2001 without a SIP-Auth-Data-Item");
    }
    List<Avp> c = item.get();
    Optional<byte[]> randAutn = Avp.first(c, ZhAvps.SIP_AUTHENTICATE, VENDOR_3GPP).map(Avp::octets);
    Optional<byte[]> xres = Avp.first(c, ZhAvps.SIP_AUTHORIZATION, VENDOR_3GPP).map(Avp::octets);
    Optional<byte[]> ck = Avp.first(c, ZhAvps.CONFIDENTIALITY_KEY, VENDOR_3GPP).map(Avp::octets);
    Optional<byte[]> ik = Avp.first(c, ZhAvps.INTEGRITY_KEY, VENDOR_3GPP).map(Avp::octets);
    if (randAutn.isEmpty() || xres.isEmpty() || ck.isEmpty() || ik.isEmpty()) {
      return new MaaResult.Malformed(
          "SIP-Auth-Data-Item lacks SIP-Authenticate, SIP-Authorization, CK or IK");
    }
    byte[] ra = randAutn.get();
    if (ra.length != NONCE_OCTETS) {
      return new MaaResult.Malformed("SIP-Authenticate is not RAND||AUTN (32 octets)");
    }
    byte[] x = xres.get();
    if (x.length < 4 || x.length > 16 || ck.get().length != 16 || ik.get().length != 16) {
      return new MaaResult.Malformed("XRES, CK or IK has a wrong length");
    }
    AuthenticationVector av =
        new AuthenticationVector(
            Rand.of(Arrays.copyOfRange(ra, 0, 16)),
            Arrays.copyOfRange(ra, 16, 32),
            x,
            ck.get(),
            ik.get());
    Optional<Avp> gussAvp = maa.first(ZhAvps.GBA_USER_SEC_SETTINGS, VENDOR_3GPP);
    if (gussAvp.isEmpty()) {
      return new MaaResult.Vector(av, Guss.empty());
    }
    GussParser.Result guss = gussReader.apply(gussAvp.get().utf8());
    if (guss instanceof GussParser.Result.Invalid invalid) {
      return new MaaResult.Malformed("GBA-UserSecSettings: " + invalid.reason());
    }
    return new MaaResult.Vector(av, ((GussParser.Result.Parsed) guss).guss());
  }

  /** RAND ‖ AUTS for a resync MAR (TS 29.109 §4.4.1: SIP-Authorization). */
  public static byte[] randAuts(Rand rand, byte[] auts) {
    if (auts.length != AUTS_OCTETS) {
      throw new IllegalArgumentException("AUTS must be 14 octets");
    }
    byte[] out = new byte[16 + AUTS_OCTETS];
    System.arraycopy(rand.octets(), 0, out, 0, 16);
    System.arraycopy(auts, 0, out, 16, AUTS_OCTETS);
    return out;
  }
}
