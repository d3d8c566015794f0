package org.gbabsf.sba.oauth;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Whom a token must be for. TS 29.510 AccessTokenClaims lets {@code aud} be an NF type (a token for
 * every NF of that type) or a list of NF instance ids; this BSF accepts a token when any value of
 * {@code aud} is its own NF instance id (compared without regard to case, as UUIDs are) or its NF
 * type, whichever of the two is configured.
 *
 * @param nfInstanceId this BSF's NF instance id (a UUID, TS 29.571 NfInstanceId), if tokens for it
 *     are accepted
 * @param nfType this BSF's NF type, if tokens for every NF of the type are accepted
 */
public record ExpectedAudience(Optional<String> nfInstanceId, Optional<String> nfType) {

  /** The NF type of a GBA BSF (TS 29.510 NFType). */
  public static final String GBA_BSF = "GBA_BSF";

  /**
   * Checks that one of the two is given and that the instance id is a UUID.
   *
   * @throws IllegalArgumentException otherwise
   */
  public ExpectedAudience {
    Objects.requireNonNull(nfInstanceId, "nfInstanceId");
    Objects.requireNonNull(nfType, "nfType");
    if (nfInstanceId.isEmpty() && nfType.isEmpty()) {
      throw new IllegalArgumentException("an NF instance id or an NF type is needed");
    }
    nfInstanceId.ifPresent(UUID::fromString);
    if (nfType.isPresent() && nfType.get().isBlank()) {
      throw new IllegalArgumentException("the NF type is blank");
    }
  }

  /** Tokens for this BSF instance, or for every GBA BSF. */
  public static ExpectedAudience instanceOrGbaBsf(String nfInstanceId) {
    return new ExpectedAudience(Optional.of(nfInstanceId), Optional.of(GBA_BSF));
  }

  /** The NF type of an AKMA Anchor Function (TS 29.510 NFType). */
  public static final String AANF = "AANF";

  /** Tokens for this AAnF instance, or for every AAnF. */
  public static ExpectedAudience instanceOrAanf(String nfInstanceId) {
    return new ExpectedAudience(Optional.of(nfInstanceId), Optional.of(AANF));
  }

  /** Tokens for this BSF instance only. */
  public static ExpectedAudience instanceOnly(String nfInstanceId) {
    return new ExpectedAudience(Optional.of(nfInstanceId), Optional.empty());
  }

  /** Whether a token with these {@code aud} values is for this BSF. */
  public boolean accepts(Set<String> audiences) {
    for (String a : audiences) {
      if (nfType.isPresent() && nfType.get().equals(a)) {
        return true;
      }
      if (nfInstanceId.isPresent() && nfInstanceId.get().equalsIgnoreCase(a)) {
        return true;
      }
    }
    return false;
  }
}
