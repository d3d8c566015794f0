package org.gbabsf.sba.akma;

import org.gbabsf.core.akma.AfKeyOutcome;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.sba.oauth.TokenCheck;
import org.gbabsf.sba.problem.Problem;

/**
 * What the AAnF answers on Naanf_AKMA, as a value; {@link NaanfAnswers} maps each case to the wire
 * in one place. The value is also the {@code outcome} tag of {@code bsf.naanf.outcomes}.
 */
public sealed interface NaanfOutcome {

  /**
   * AnchorKey_Register done: 200 with the AkmaKeyInfo echoed.
   *
   * @param registration what was registered
   * @param replaced whether it replaced the SUPI's previous context
   */
  record Registered(AnchorService.Registration registration, boolean replaced)
      implements NaanfOutcome {
    @Override
    public String tag() {
      return replaced ? "replaced" : "registered";
    }
  }

  /** Context_Remove done, whether or not there was a context: 204. */
  record Removed() implements NaanfOutcome {
    @Override
    public String tag() {
      return "removed";
    }
  }

  /** K_AF for the AF: 200 AkmaAfKeyData. */
  record Key(AfKeyOutcome.Key key) implements NaanfOutcome {
    @Override
    public String tag() {
      return "key";
    }
  }

  /** No live context for the A-KID: 204 (TS29535_Naanf_AKMA.yaml, retrieve-applicationkey). */
  record NoContext() implements NaanfOutcome {
    @Override
    public String tag() {
      return "no_context";
    }
  }

  /** The body is not a valid request: 400 with invalidParams. */
  record Invalid(Problem problem) implements NaanfOutcome {
    @Override
    public String tag() {
      return "invalid";
    }
  }

  /**
   * The access token is missing or invalid, or lacks {@code naanf-akma}: 401 or 403 with
   * WWW-Authenticate.
   *
   * @param rejected why
   * @param wwwAuthenticate the RFC 6750 challenge
   */
  record TokenRefused(TokenCheck.Rejected rejected, String wwwAuthenticate)
      implements NaanfOutcome {
    @Override
    public String tag() {
      return "token_refused";
    }
  }

  /**
   * A valid token without the operation's scope (TS29535_Naanf_AKMA.yaml): 403 {@code
   * insufficient_scope}.
   *
   * @param scope the scope the operation needs
   */
  record ScopeMissing(String scope) implements NaanfOutcome {
    @Override
    public String tag() {
      return "scope_missing";
    }
  }

  /** Neither a client certificate nor a token says who the caller is: 403. */
  record Unidentified() implements NaanfOutcome {
    @Override
    public String tag() {
      return "unidentified";
    }
  }

  /** The caller of AnchorKey_Register or Context_Remove is none of {@code aanf.ausfs}: 403. */
  record NotAnAusf() implements NaanfOutcome {
    @Override
    public String tag() {
      return "not_an_ausf";
    }
  }

  /** The caller of ApplicationKey_Get is none of {@code aanf.afs} or {@code aanf.nefs}: 403. */
  record UnknownAf() implements NaanfOutcome {
    @Override
    public String tag() {
      return "unknown_af";
    }
  }

  /** The AF may not get keys for the afId's FQDN: 403. */
  record FqdnNotAllowed() implements NaanfOutcome {
    @Override
    public String tag() {
      return "fqdn_not_allowed";
    }
  }

  /** The A-KID names a live context of another SUPI, which stays: 403. */
  record AKidOfAnotherSupi() implements NaanfOutcome {
    @Override
    public String tag() {
      return "a_kid_of_another_supi";
    }
  }

  /** The store failed or was too slow: 503 with Retry-After. */
  record StoreUnavailable() implements NaanfOutcome {
    @Override
    public String tag() {
      return "store_unavailable";
    }
  }

  /** The tag of this outcome in {@code bsf.naanf.outcomes}. */
  String tag();
}
