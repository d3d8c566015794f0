/** Core of the BSF: domain types, crypto, the bootstrapping use case and its ports. */
package org.gbabsf.core;
