/**
 * The BSF's configuration: one optional YAML file plus environment variables and explicit
 * overrides, every key declared once in {@link org.gbabsf.server.config.BsfConfigKeys}, validated
 * as a whole at startup by {@link org.gbabsf.server.config.ConfigLoader} and exposed as the typed,
 * immutable {@link org.gbabsf.server.config.BsfConfig}.
 */
package org.gbabsf.server.config;
