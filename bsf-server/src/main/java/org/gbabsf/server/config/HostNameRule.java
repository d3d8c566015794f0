package org.gbabsf.server.config;

import java.util.regex.Pattern;

/** The host-name rules of the configuration, each written once. Never resolves anything. */
enum HostNameRule {

  /**
   * RFC 1123 labels of letters, digits and inner hyphens, at most 63 characters each and 253 in
   * all: Diameter identities (Origin-Host, Origin-Realm), NAF_Id FQDNs, NAF groups' hosts.
   */
  LABELS,

  /**
   * {@link #LABELS}, and the last label not all digits, so that the name cannot be read as an IPv4
   * address: {@code bsf.name}, listen addresses.
   */
  NOT_NUMERIC;

  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?");
  private static final Pattern DIGITS = Pattern.compile("[0-9]+");

  /** Whether {@code text}, as given (not stripped), follows this rule. */
  boolean accepts(String text) {
    if (text.isEmpty() || text.length() > 253) {
      return false;
    }
    String[] labels = text.split("\\.", -1);
    for (String label : labels) {
      if (label.length() > 63 || !LABEL.matcher(label).matches()) {
        return false;
      }
    }
    return this == LABELS || !DIGITS.matcher(labels[labels.length - 1]).matches();
  }
}
