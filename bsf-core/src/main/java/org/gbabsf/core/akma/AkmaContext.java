package org.gbabsf.core.akma;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An AKMA context (TS 33.535 §6.1): what the AAnF keeps for a UE after the AUSF registered its
 * anchor key, found by A-KID when an AF asks for its key. K_AKMA is key material: it is copied in
 * and out and never printed.
 */
public final class AkmaContext {

  private final AKid aKid;
  private final Supi supi;
  private final Optional<String> gpsi;
  private final byte[] kAkma;
  private final Instant registeredAt;
  private final Instant expiresAt;

  /**
   * A context; K_AKMA must be 32 octets (TS 33.535 Annex A.2) and the expiry after the
   * registration.
   */
  public AkmaContext(
      AKid aKid,
      Supi supi,
      Optional<String> gpsi,
      byte[] kAkma,
      Instant registeredAt,
      Instant expiresAt) {
    this.aKid = Objects.requireNonNull(aKid, "aKid");
    this.supi = Objects.requireNonNull(supi, "supi");
    this.gpsi = Objects.requireNonNull(gpsi, "gpsi");
    if (kAkma == null || kAkma.length != 32) {
      throw new IllegalArgumentException("K_AKMA must be 32 octets");
    }
    if (!expiresAt.isAfter(registeredAt)) {
      throw new IllegalArgumentException("expiry must follow registration");
    }
    this.kAkma = kAkma.clone();
    this.registeredAt = registeredAt;
    this.expiresAt = expiresAt;
  }

  /** The A-KID the context is found by. */
  public AKid aKid() {
    return aKid;
  }

  /** The SUPI it belongs to. */
  public Supi supi() {
    return supi;
  }

  /** The GPSI, when the AUSF gave one. */
  public Optional<String> gpsi() {
    return gpsi;
  }

  /** A copy of K_AKMA. */
  public byte[] kAkma() {
    return kAkma.clone();
  }

  /** When the AUSF registered it. */
  public Instant registeredAt() {
    return registeredAt;
  }

  /** When it stops being served. */
  public Instant expiresAt() {
    return expiresAt;
  }

  /** Without K_AKMA. */
  @Override
  public String toString() {
    return "AkmaContext[" + aKid + ", " + supi + ", expires " + expiresAt + "]";
  }
}
