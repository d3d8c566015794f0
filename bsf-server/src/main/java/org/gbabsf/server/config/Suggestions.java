package org.gbabsf.server.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean ...?" for misspelt names, by Levenshtein distance. */
final class Suggestions {

  private Suggestions() {}

  /**
   * The candidate closest to {@code unknown} (ignoring case), if it is close enough to be a likely
   * misspelling: at most 3 edits, or a third of the name's length for long names. Ties go to the
   * earliest candidate.
   */
  static Optional<String> closest(String unknown, Collection<String> candidates) {
    String target = unknown.toLowerCase(Locale.ROOT);
    int threshold = Math.max(3, target.length() / 3);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance = levenshtein(target, candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return bestDistance <= threshold ? Optional.of(best) : Optional.empty();
  }

  /** The number of single-character insertions, deletions and substitutions from a to b. */
  static int levenshtein(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
