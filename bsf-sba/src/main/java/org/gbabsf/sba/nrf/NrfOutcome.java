package org.gbabsf.sba.nrf;

/**
 * What one call to the NRF gave, as a value: never an exception.
 *
 * @param <T> what a success carries
 */
public sealed interface NrfOutcome<T> {

  /** The meter tag of the outcome: {@code ok}, {@code 404}, or the failure's. */
  String tag();

  /** The NRF did what was asked. */
  record Ok<T>(T value) implements NrfOutcome<T> {
    @Override
    public String tag() {
      return "ok";
    }
  }

  /**
   * The NRF has no such resource (404): for a heartbeat, it no longer knows this NF, which
   * registers again; for a deregistration, it is gone already.
   */
  record NotFound<T>() implements NrfOutcome<T> {
    @Override
    public String tag() {
      return "404";
    }
  }

  /**
   * No usable answer.
   *
   * @param tag the meter tag: a transport failure ({@code connect}, {@code timeout}, …), a status
   *     ({@code 400}, {@code 401}, …, {@code 5xx}, {@code other}) or {@code malformed}
   * @param reason a short reason for a log line, free of key material
   */
  record Failed<T>(String tag, String reason) implements NrfOutcome<T> {}
}
