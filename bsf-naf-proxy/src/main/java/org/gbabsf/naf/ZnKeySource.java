package org.gbabsf.naf;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.UserSecuritySetting;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.zh.GussParser;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;

/**
 * NAF keys from the BSF over Zn (TS 29.109 §5): a BIR with NAF_Id = the NAF FQDN ‖ the Ua security
 * protocol identifier (TS 33.220 Annex H.3: {@code 01 00 00 00 02} for Digest over HTTP, {@code 01
 * 00 01 yy zz} over TLS); the answer's GUSS, already filtered by the BSF to this NAF's group, gives
 * the identities the proxy may assert.
 */
public final class ZnKeySource implements NafKeySource {

  /** Zn 5403 DIAMETER_ERROR_BOOTSTRAPPING_INFO_NOT_FOUND: the B-TID is unknown or expired. */
  static final long BTID_UNKNOWN = 5403;

  private final NafClient zn;
  private final Duration timeout;

  /** Asks over {@code zn}, waiting at most {@code timeout} for each BIA. */
  public ZnKeySource(NafClient zn, Duration timeout) {
    this.zn = zn;
    this.timeout = timeout;
  }

  @Override
  public CompletionStage<KeyAnswer> fetch(String btid, String nafFqdn, UaProtocol protocol) {
    return zn.query(
            new BTid(btid), new NafId(nafFqdn, protocol.octets()), List.of(), false, timeout)
        .handle(
            (bia, error) -> {
              if (error != null) {
                return new KeyAnswer.Unavailable(error.getClass().getSimpleName());
              }
              return answer(bia);
            });
  }

  /** What {@code bia} means for the proxy. */
  static KeyAnswer answer(BiaResult bia) {
    if (bia instanceof BiaResult.Refused r) {
      if (r.code() == BTID_UNKNOWN) {
        return new KeyAnswer.Unknown();
      }
      if (r.code() / 1000 == 3 || r.code() == ResultCodes.UNABLE_TO_COMPLY) {
        return new KeyAnswer.Unavailable("BSF answered " + r.code());
      }
      return new KeyAnswer.Refused(r.code());
    }
    BiaResult.Keys k = (BiaResult.Keys) bia;
    return new KeyAnswer.Key(k.ksExtNaf(), k.expiresAt(), identities(k.gussXml()));
  }

  /** The uids of every USS of the (filtered) GUSS, in order, without duplicates. */
  static List<String> identities(String gussXml) {
    if (gussXml == null || gussXml.isBlank()) {
      return List.of();
    }
    if (!(GussParser.parse(gussXml) instanceof GussParser.Result.Parsed parsed)) {
      return List.of();
    }
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (UserSecuritySetting uss : parsed.guss().ussList()) {
      out.addAll(uss.uids());
    }
    return new ArrayList<>(out);
  }
}
