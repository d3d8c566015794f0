package org.gbabsf.naf;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.akma.NaanfCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * K_AF from the AAnF (TS 33.535 §6.2, Naanf_AKMA_ApplicationKey_Get of TS 29.535): the proxy, as
 * the AF, sends the A-KID the UE gave as Digest username and its afId, the FQDN the UE addressed.
 * The AAnF derives K_AF for AF_ID = that FQDN ‖ the Ua* protocol identifier it is configured with
 * for it (the JSON afId carries no identifier): the proxy offers AKMA only where the connection's
 * identifier is that one ({@link UaAuthenticator.Akma#protocol}), and the {@code protocol} argument
 * of {@link #fetch} is not sent.
 *
 * <p>What the proxy may assert ({@link KeyAnswer.Key#identities}): only identities the AAnF gave,
 * which it gives only to AFs it lets see them (TS 33.535 §6.2: the SUPI and GPSI to AFs inside the
 * operator's network; this AAnF: the AFs of {@code aanf.supi-afs}). The GPSI first, an MSISDN as a
 * {@code tel:} URI ({@code msisdn-15551234} is {@code tel:+15551234}, as a USS writes it for GBA),
 * an external identifier as the AAnF wrote it ({@code extid-…}); then the SUPI as written ({@code
 * imsi-…}) if {@code assertSupi}: the AAnF's grant decides whether this AF sees it at all, and
 * {@code assertSupi} whether the application servers behind it do too (an AUSF of Rel-18 registers
 * the SUPI only, so the SUPI is often all there is). Anything of another form (or with characters a
 * quoted header value cannot carry) is not asserted. With nothing to assert, the request is refused
 * (403), as GBA's is without a USS: the proxy forwards no request without an identity.
 *
 * <p>Logs carry the A-KID's realm only, never its username (it holds the A-TID) nor a key.
 */
public final class AanfKeySource implements NafKeySource {

  private static final Logger log = LoggerFactory.getLogger(AanfKeySource.class);

  /** Naanf_AKMA_ApplicationKey_Get: {@link NaanfClient#retrieve}, or a fake in tests. */
  @FunctionalInterface
  public interface Naanf {
    /** Asks for K_AF; never completes exceptionally. */
    CompletionStage<NaanfClient.Result> retrieve(NaanfCodec.KeyRequest request);
  }

  private static final Pattern MSISDN = Pattern.compile("msisdn-([0-9]{5,15})");
  private static final Pattern SAFE = Pattern.compile("[\\x21-\\x7e&&[^\",\\\\]]{1,253}");
  private static final Pattern EXTID = Pattern.compile("extid-[^@]+@[^@]+");
  private static final Pattern SUPI = Pattern.compile("(imsi-[0-9]{5,15}|(nai|gci|gli)-.+)");

  private final Naanf aanf;
  private final boolean assertSupi;
  private final org.gbabsf.core.time.WarnLimiter warnings =
      new org.gbabsf.core.time.WarnLimiter(java.time.Duration.ofSeconds(10));

  /** Asks {@code aanf}; asserts the SUPI it gives if {@code assertSupi}. */
  public AanfKeySource(Naanf aanf, boolean assertSupi) {
    this.aanf = aanf;
    this.assertSupi = assertSupi;
  }

  @Override
  public CompletionStage<KeyAnswer> fetch(String aKid, String afFqdn, UaProtocol protocol) {
    AKid id;
    try {
      id = new AKid(aKid);
    } catch (IllegalArgumentException notAnNai) {
      // not an A-KID: nothing the AAnF could know, and not worth a query
      return CompletableFuture.completedFuture(new KeyAnswer.Unknown());
    }
    return aanf.retrieve(new NaanfCodec.KeyRequest(afFqdn, id, false))
        .handle(
            (result, error) -> {
              KeyAnswer a =
                  error != null
                      ? new KeyAnswer.Unavailable(error.getClass().getSimpleName())
                      : answer(result, assertSupi);
              report(a, id, afFqdn);
              return a;
            });
  }

  /** What {@code result} means for the proxy. */
  static KeyAnswer answer(NaanfClient.Result result, boolean assertSupi) {
    if (result instanceof NaanfClient.Result.Key k) {
      NaanfCodec.KeyData d = k.data();
      return new KeyAnswer.Key(d.kAf(), d.expiry(), identities(d, assertSupi));
    }
    if (result instanceof NaanfClient.Result.NoContent) {
      return new KeyAnswer.Unknown();
    }
    if (result instanceof NaanfClient.Result.Refused r) {
      // 403: the AAnF refuses this AF the user's key. Anything else is the proxy's own problem or
      // a passing one, not the user's: 429 and 5xx (the AAnF cannot serve now, TS 29.500
      // §5.2.7.2), 401 (the proxy's token expired or was refused: renewed outside the proxy), 400,
      // 404, 405, 415 (a wrong apiRoot or a broken request): 503 for the UE, and a WARN.
      return r.status() == 403
          ? new KeyAnswer.Refused(r.status())
          : new KeyAnswer.Unavailable("AAnF answered " + r.status());
    }
    if (result instanceof NaanfClient.Result.Failed f) {
      return new KeyAnswer.Unavailable(f.reason());
    }
    return new KeyAnswer.Unavailable("not an answer to a key request");
  }

  /** The identities the proxy may assert from {@code d}: the GPSI, then the SUPI if asked. */
  static List<String> identities(NaanfCodec.KeyData d, boolean assertSupi) {
    List<String> out = new ArrayList<>();
    d.gpsi().flatMap(AanfKeySource::gpsi).ifPresent(out::add);
    if (assertSupi) {
      d.supi()
          .filter(s -> SUPI.matcher(s).matches() && SAFE.matcher(s).matches())
          .ifPresent(out::add);
    }
    return out;
  }

  /** A GPSI as asserted: {@code tel:+<digits>} for an MSISDN, an external identifier as is. */
  static Optional<String> gpsi(String gpsi) {
    Matcher msisdn = MSISDN.matcher(gpsi);
    if (msisdn.matches()) {
      return Optional.of("tel:+" + msisdn.group(1));
    }
    return EXTID.matcher(gpsi).matches() && SAFE.matcher(gpsi).matches()
        ? Optional.of(gpsi)
        : Optional.empty();
  }

  /**
   * One WARN at most every 10 s for a refusal or a failure (the proxy's AF identity, token or
   * certificate, or the AAnF itself), else DEBUG; an unknown A-KID is DEBUG: UEs come with old
   * ones.
   */
  private void report(KeyAnswer a, AKid aKid, String afFqdn) {
    String what;
    if (a instanceof KeyAnswer.Refused r) {
      what = "refused K_AF (" + r.code() + ")";
    } else if (a instanceof KeyAnswer.Unavailable u) {
      what = "could not be asked for K_AF (" + u.why() + ")";
    } else {
      if (a instanceof KeyAnswer.Unknown) {
        log.debug("NAF proxy: the AAnF has no context for an A-KID of {}", aKid.realm());
      }
      return;
    }
    if (warnings.warn()) {
      log.warn("NAF proxy: the AAnF {} for {} (an A-KID of {})", what, afFqdn, aKid.realm());
    } else {
      log.debug("NAF proxy: the AAnF {} for {} (an A-KID of {})", what, afFqdn, aKid.realm());
    }
  }
}
