package org.gbabsf.core.crypto;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.OptionalLong;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The MILENAGE algorithm set of TS 35.206 §4.1 (functions f1, f1*, f2, f3, f4, f5 and f5*), with
 * the standard constants c1..c5 and rotations r1..r5 of TS 35.206 §4.1, and the AUTN / AUTS
 * constructions of TS 33.102 §6.3.2 and §6.3.3.
 *
 * <p>One instance holds one AES cipher keyed with K (TS 35.206 §4.1, E_K); instances are
 * thread-safe (the cipher is used under a lock). Intended for simulators: a production BSF gets its
 * vectors from the HSS over Zh.
 */
public final class Milenage {

  private static final int BLOCK = 16;
  private static final int KEY_LENGTH = 16;
  private static final int RAND_LENGTH = 16;
  private static final int SQN_LENGTH = 6;
  private static final int AMF_LENGTH = 2;
  private static final int MAC_LENGTH = 8;
  private static final int AUTN_LENGTH = SQN_LENGTH + AMF_LENGTH + MAC_LENGTH;
  private static final int AUTS_LENGTH = SQN_LENGTH + MAC_LENGTH;
  private static final long MAX_SQN = (1L << 48) - 1;

  /** TS 33.102 §6.3.3: the dummy AMF used for MAC-S in re-synchronisation. */
  private static final byte[] AMF_RESYNC = new byte[AMF_LENGTH];

  // TS 35.206 §4.1: r1..r5 = 64, 0, 32, 64, 96 bits, here in bytes.
  private static final int R1 = 8;
  private static final int R2 = 0;
  private static final int R3 = 4;
  private static final int R4 = 8;
  private static final int R5 = 12;

  // TS 35.206 §4.1: c1..c5 are 128-bit values that are zero except for their last byte.
  private static final byte C1 = 0x00;
  private static final byte C2 = 0x01;
  private static final byte C3 = 0x02;
  private static final byte C4 = 0x04;
  private static final byte C5 = 0x08;

  private static final String AES = "AES";
  private static final String AES_ECB = "AES/ECB/NoPadding";

  /** E_K; guarded by itself because {@link Cipher} is not thread-safe. */
  private final Cipher aes;

  private final byte[] opc;

  /**
   * Creates the MILENAGE functions for one subscriber (TS 35.206 §4.1).
   *
   * @param k the 128-bit subscriber key K (copied into the cipher key)
   * @param opc the 128-bit OPc (copied)
   * @throws IllegalArgumentException if K or OPc is not 16 bytes
   */
  public Milenage(byte[] k, byte[] opc) {
    requireLength(k, KEY_LENGTH, "K");
    requireLength(opc, KEY_LENGTH, "OPc");
    this.aes = newAes(k);
    this.opc = opc.clone();
  }

  /**
   * Computes OPc = OP ⊕ E_K(OP) (TS 35.206 §4.1).
   *
   * @param k the 128-bit subscriber key K
   * @param op the 128-bit operator variant algorithm configuration field OP
   * @return the 16-byte OPc
   * @throws IllegalArgumentException if K or OP is not 16 bytes
   */
  public static byte[] opc(byte[] k, byte[] op) {
    requireLength(k, KEY_LENGTH, "K");
    requireLength(op, KEY_LENGTH, "OP");
    Cipher cipher = newAes(k);
    byte[] out = Jca.unchecked(() -> cipher.doFinal(op));
    xorInto(out, op);
    return out;
  }

  /**
   * The network authentication function f1 (TS 35.206 §4.1): MAC-A = OUT1[0..63].
   *
   * @param rand the 16-byte RAND
   * @param sqn the 6-byte SQN
   * @param amf the 2-byte AMF
   * @return the 8-byte MAC-A
   * @throws IllegalArgumentException on a wrong input length
   */
  public byte[] f1(byte[] rand, byte[] sqn, byte[] amf) {
    return Arrays.copyOfRange(out1(temp(rand), sqn, amf), 0, MAC_LENGTH);
  }

  /**
   * The re-synchronisation message authentication function f1* (TS 35.206 §4.1): MAC-S =
   * OUT1[64..127].
   *
   * @param rand the 16-byte RAND
   * @param sqn the 6-byte SQN
   * @param amf the 2-byte AMF
   * @return the 8-byte MAC-S
   * @throws IllegalArgumentException on a wrong input length
   */
  public byte[] f1star(byte[] rand, byte[] sqn, byte[] amf) {
    return Arrays.copyOfRange(out1(temp(rand), sqn, amf), MAC_LENGTH, BLOCK);
  }

  /**
   * The functions f2, f3, f4 and f5 (TS 35.206 §4.1): RES = OUT2[64..127], CK = OUT3, IK = OUT4, AK
   * = OUT2[0..47].
   *
   * @param rand the 16-byte RAND
   * @return RES (8 bytes), CK (16), IK (16) and AK (6)
   * @throws IllegalArgumentException if RAND is not 16 bytes
   */
  public Vector f2345(byte[] rand) {
    byte[] temp = temp(rand);
    byte[] out2 = out(temp, R2, C2);
    return new Vector(
        Arrays.copyOfRange(out2, MAC_LENGTH, BLOCK),
        out(temp, R3, C3),
        out(temp, R4, C4),
        Arrays.copyOfRange(out2, 0, SQN_LENGTH));
  }

  /**
   * The re-synchronisation anonymity key function f5* (TS 35.206 §4.1): AK* = OUT5[0..47].
   *
   * @param rand the 16-byte RAND
   * @return the 6-byte AK*
   * @throws IllegalArgumentException if RAND is not 16 bytes
   */
  public byte[] f5star(byte[] rand) {
    return Arrays.copyOfRange(out(temp(rand), R5, C5), 0, SQN_LENGTH);
  }

  /**
   * Builds AUTN = (SQN ⊕ AK) ‖ AMF ‖ MAC-A (TS 33.102 §6.3.2).
   *
   * @param rand the 16-byte RAND
   * @param sqn the 6-byte SQN
   * @param amf the 2-byte AMF
   * @return the 16-byte AUTN
   * @throws IllegalArgumentException on a wrong input length
   */
  public byte[] autn(byte[] rand, byte[] sqn, byte[] amf) {
    byte[] temp = temp(rand);
    byte[] macA = out1(temp, sqn, amf);
    byte[] out2 = out(temp, R2, C2);
    byte[] autn = new byte[AUTN_LENGTH];
    for (int i = 0; i < SQN_LENGTH; i++) {
      autn[i] = (byte) (sqn[i] ^ out2[i]);
    }
    System.arraycopy(amf, 0, autn, SQN_LENGTH, AMF_LENGTH);
    System.arraycopy(macA, 0, autn, SQN_LENGTH + AMF_LENGTH, MAC_LENGTH);
    return autn;
  }

  /**
   * Builds AUTS = (SQN_MS ⊕ AK*) ‖ MAC-S, with MAC-S = f1*(SQN_MS, RAND, AMF = 0x0000) (TS 33.102
   * §6.3.3).
   *
   * @param rand the 16-byte RAND of the rejected challenge
   * @param sqnMs the 6-byte highest SQN accepted by the USIM
   * @return the 14-byte AUTS
   * @throws IllegalArgumentException on a wrong input length
   */
  public byte[] auts(byte[] rand, byte[] sqnMs) {
    byte[] temp = temp(rand);
    byte[] macS = out1(temp, sqnMs, AMF_RESYNC);
    byte[] out5 = out(temp, R5, C5);
    byte[] auts = new byte[AUTS_LENGTH];
    for (int i = 0; i < SQN_LENGTH; i++) {
      auts[i] = (byte) (sqnMs[i] ^ out5[i]);
    }
    System.arraycopy(macS, MAC_LENGTH, auts, SQN_LENGTH, MAC_LENGTH);
    return auts;
  }

  /**
   * Verifies an AUTS (TS 33.102 §6.3.3; TS 33.220 §4.5.2 re-synchronisation): recovers SQN_MS with
   * AK* and checks MAC-S (AMF = 0x0000) in constant time.
   *
   * @param rand the 16-byte RAND the AUTS answers
   * @param auts the 14-byte AUTS
   * @return SQN_MS as a 48-bit value if MAC-S verifies, empty otherwise
   * @throws IllegalArgumentException if RAND is not 16 bytes or AUTS is not 14 bytes
   */
  public OptionalLong verifyAuts(byte[] rand, byte[] auts) {
    requireLength(auts, AUTS_LENGTH, "AUTS");
    byte[] temp = temp(rand);
    byte[] out5 = out(temp, R5, C5);
    byte[] sqnMs = new byte[SQN_LENGTH];
    for (int i = 0; i < SQN_LENGTH; i++) {
      sqnMs[i] = (byte) (auts[i] ^ out5[i]);
    }
    byte[] expected = Arrays.copyOfRange(out1(temp, sqnMs, AMF_RESYNC), MAC_LENGTH, BLOCK);
    byte[] presented = Arrays.copyOfRange(auts, SQN_LENGTH, AUTS_LENGTH);
    return MessageDigest.isEqual(expected, presented)
        ? OptionalLong.of(sqnValue(sqnMs))
        : OptionalLong.empty();
  }

  /**
   * Encodes a 48-bit SQN as 6 big-endian bytes (TS 33.102 §6.3.2, SQN is 48 bits).
   *
   * @param sqn a value in [0, 2^48 - 1]
   * @return the 6-byte SQN
   * @throws IllegalArgumentException if {@code sqn} does not fit in 48 bits
   */
  public static byte[] sqnBytes(long sqn) {
    if (sqn < 0 || sqn > MAX_SQN) {
      throw new IllegalArgumentException("SQN must fit in 48 bits");
    }
    byte[] out = new byte[SQN_LENGTH];
    for (int i = SQN_LENGTH - 1; i >= 0; i--) {
      out[i] = (byte) sqn;
      sqn >>>= 8;
    }
    return out;
  }

  /**
   * Decodes a 6-byte big-endian SQN (TS 33.102 §6.3.2).
   *
   * @param sqn6 the 6-byte SQN
   * @return its value in [0, 2^48 - 1]
   * @throws IllegalArgumentException if {@code sqn6} is not 6 bytes
   */
  public static long sqnValue(byte[] sqn6) {
    requireLength(sqn6, SQN_LENGTH, "SQN");
    long value = 0;
    for (byte b : sqn6) {
      value = (value << 8) | (b & 0xFF);
    }
    return value;
  }

  /** TS 35.206 §4.1: TEMP = E_K(RAND ⊕ OPc). */
  private byte[] temp(byte[] rand) {
    requireLength(rand, RAND_LENGTH, "RAND");
    byte[] in = rand.clone();
    xorInto(in, opc);
    return encrypt(in);
  }

  /** TS 35.206 §4.1: OUT1 = E_K(TEMP ⊕ rot(IN1 ⊕ OPc, r1) ⊕ c1) ⊕ OPc, IN1 = SQN‖AMF‖SQN‖AMF. */
  private byte[] out1(byte[] temp, byte[] sqn, byte[] amf) {
    requireLength(sqn, SQN_LENGTH, "SQN");
    requireLength(amf, AMF_LENGTH, "AMF");
    byte[] in1 = new byte[BLOCK];
    System.arraycopy(sqn, 0, in1, 0, SQN_LENGTH);
    System.arraycopy(amf, 0, in1, SQN_LENGTH, AMF_LENGTH);
    System.arraycopy(sqn, 0, in1, BLOCK / 2, SQN_LENGTH);
    System.arraycopy(amf, 0, in1, BLOCK / 2 + SQN_LENGTH, AMF_LENGTH);
    xorInto(in1, opc);
    byte[] block = rotate(in1, R1);
    xorInto(block, temp);
    block[BLOCK - 1] ^= C1;
    byte[] out = encrypt(block);
    xorInto(out, opc);
    return out;
  }

  /** TS 35.206 §4.1: OUTn = E_K(rot(TEMP ⊕ OPc, rn) ⊕ cn) ⊕ OPc for n = 2..5. */
  private byte[] out(byte[] temp, int rotationBytes, byte c) {
    byte[] x = temp.clone();
    xorInto(x, opc);
    byte[] block = rotate(x, rotationBytes);
    block[BLOCK - 1] ^= c;
    byte[] out = encrypt(block);
    xorInto(out, opc);
    return out;
  }

  private byte[] encrypt(byte[] block) {
    synchronized (aes) {
      return Jca.unchecked(() -> aes.doFinal(block));
    }
  }

  /** TS 35.206 §4.1 rot(x, r): cyclic rotation of 128 bits towards the MSB by r (here bytes). */
  private static byte[] rotate(byte[] x, int bytes) {
    byte[] out = new byte[BLOCK];
    for (int i = 0; i < BLOCK; i++) {
      out[i] = x[(i + bytes) % BLOCK];
    }
    return out;
  }

  private static void xorInto(byte[] target, byte[] other) {
    for (int i = 0; i < target.length; i++) {
      target[i] ^= other[i];
    }
  }

  private static Cipher newAes(byte[] k) {
    return Jca.unchecked(
        () -> {
          Cipher cipher = Cipher.getInstance(AES_ECB);
          cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, AES));
          return cipher;
        });
  }

  private static void requireLength(byte[] value, int length, String name) {
    if (value == null || value.length != length) {
      throw new IllegalArgumentException(name + " must be " + length + " bytes");
    }
  }

  /**
   * The outputs of f2, f3, f4 and f5 for one RAND (TS 35.206 §4.1; TS 33.102 §6.3.2).
   *
   * <p>{@link #toString()} prints only lengths, never key material.
   *
   * @param res RES, output of f2 (8 bytes)
   * @param ck CK, output of f3 (16 bytes)
   * @param ik IK, output of f4 (16 bytes)
   * @param ak AK, output of f5 (6 bytes)
   */
  public record Vector(byte[] res, byte[] ck, byte[] ik, byte[] ak) {

    /** Prints only component lengths: CK and IK are keys (TS 33.102 §6.3.2) and must not leak. */
    @Override
    public String toString() {
      return "Vector[res="
          + length(res)
          + " bytes, ck="
          + length(ck)
          + " bytes, ik="
          + length(ik)
          + " bytes, ak="
          + length(ak)
          + " bytes]";
    }

    private static int length(byte[] bytes) {
      return bytes == null ? 0 : bytes.length;
    }
  }
}
