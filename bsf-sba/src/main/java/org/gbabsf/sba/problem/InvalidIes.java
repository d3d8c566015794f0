package org.gbabsf.sba.problem;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The invalid attributes of a decoded request, gathered while decoding, and the one 400 they make
 * (TS 29.500 §5.2.7.2): MANDATORY_IE_MISSING if any mandatory attribute is missing, else
 * MANDATORY_IE_INCORRECT if one is wrong, else OPTIONAL_IE_INCORRECT. Every attribute is named by
 * its JSON pointer; at most {@link #MAX} of the optional ones, so that a 400 does not grow with
 * what the peer sent.
 */
public final class InvalidIes {

  /** Optional attributes named at most. */
  public static final int MAX = 16;

  private final List<Problem.InvalidParam> missing = new ArrayList<>();
  private final List<Problem.InvalidParam> mandatory = new ArrayList<>();
  private final List<Problem.InvalidParam> optional = new ArrayList<>();

  /** A mandatory attribute is absent. */
  public void missing(String pointer) {
    missing.add(new Problem.InvalidParam(pointer, "missing"));
  }

  /** A mandatory attribute is there but wrong. */
  public void mandatory(String pointer, String reason) {
    mandatory.add(new Problem.InvalidParam(pointer, reason));
  }

  /** An optional attribute is there but wrong. */
  public void optional(String pointer, String reason) {
    if (optional.size() < MAX) {
      optional.add(new Problem.InvalidParam(pointer, reason));
    }
  }

  /** The 400 to answer, if anything was invalid. */
  public Optional<Problem> problem() {
    if (!missing.isEmpty()) {
      List<Problem.InvalidParam> all = new ArrayList<>(missing);
      all.addAll(mandatory);
      all.addAll(optional);
      return Optional.of(Problems.mandatoryIeMissing(all));
    }
    if (!mandatory.isEmpty()) {
      List<Problem.InvalidParam> all = new ArrayList<>(mandatory);
      all.addAll(optional);
      return Optional.of(Problems.mandatoryIeIncorrect(all));
    }
    return optional.isEmpty()
        ? Optional.empty()
        : Optional.of(Problems.optionalIeIncorrect(optional));
  }
}
