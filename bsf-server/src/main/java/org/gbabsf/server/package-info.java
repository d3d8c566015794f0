package org.gbabsf.server;
