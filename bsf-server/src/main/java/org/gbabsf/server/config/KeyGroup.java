package org.gbabsf.server.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The keys one class declares, in declaration order, for {@link BsfConfigKeys#all()} to merge by
 * section. A class holds one in a static field declared before its keys, which add themselves to it
 * as they are initialised.
 */
final class KeyGroup {

  /** The end of a certificate file key's description. */
  static final String PEM_CERT =
      " PEM, leaf first, then any intermediate CAs; reloaded when it changes"
          + " (security.reload-interval, SIGHUP).";

  /** The end of a private key file key's description. */
  static final String PEM_KEY =
      " Unencrypted PEM: PKCS#8, PKCS#1 (RSA) or SEC1 (EC); keep it readable by the BSF only.";

  private final List<ConfigKey<?>> keys = new ArrayList<>();
  private final List<ConfigKey<?>> view = Collections.unmodifiableList(keys);

  /** Adds {@code key}; returns it. */
  <T> ConfigKey<T> add(ConfigKey<T> key) {
    keys.add(key);
    return key;
  }

  /** The keys added so far, in order. */
  List<ConfigKey<?>> keys() {
    return view;
  }

  /** An optional readable file (PEM, key ring, token…), empty by default. */
  static ConfigKey<Optional<Path>> path(String name, String description) {
    return ConfigKey.of(name, ValueTypes.optionalPath(), "", description)
        .withValidator(Validators.readableFileIfPresent());
  }
}
