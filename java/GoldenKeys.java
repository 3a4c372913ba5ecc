/*
 * GoldenKeys - reference row keys for the `rowkey` crate, built the way Java
 * HBase client code builds them (Bytes.toBytes, DigestUtils.md5Hex, padding).
 *
 * Regenerate (from the workspace root, JDK 17, no extra jars):
 *
 *     java java/GoldenKeys.java > tests/golden/keys.tsv
 *
 * Output: UTF-8, '\n' line endings. '#' lines are comments; every other line is
 *     layout<TAB>arg1<TAB>arg2...<TAB>hexkey
 * Strings are plain text (empty = nothing between tabs), byte arrays are
 * 0x-prefixed lowercase hex, integers are decimal, hexkey is the lowercase hex
 * of the whole key. Output is deterministic: fixed edge cases plus a few cases
 * from java.util.Random, whose algorithm is fixed by the JDK spec. Each layout
 * has its own seed so editing one layout's cases never shifts another's.
 *
 * "rpad(s, n, p)" below always means: UTF-8 bytes of s, then byte p repeated
 * until the field is exactly n BYTES (not chars, unlike StringUtils.rightPad).
 * u64 is a Java long in 0..=Long.MAX_VALUE, written with Bytes.toBytes(long).
 *
 *  1 user_orders        ascii(md5Hex(user_id)[0..4]) + rpad(user_id,16,0x00) + u64 order_id
 *                       (MD5 over the unpadded UTF-8 bytes)
 *  2 metrics            rpad(host,16,0x00) + rpad(event,8,0x00) + u64 (Long.MAX_VALUE - ts)
 *  3 bucketed_logs      byte(ts % 16) + u64 ts + rpad(host,16,0x00) + utf8(event)
 *  4 bucketed_logs_wide short(ts % 1000) big-endian + u64 ts + rpad(host,16,0x00) + utf8(event)
 *  5 seller_orders      u64 seller_id + u64 ts + u64 order_no
 *  6 rpad_columns       rpad(c1,20,0x00) + utf8(c2)
 *  7 rpad_x             rpad(c1,20,'x') + utf8(c2)           (c1 never ends in 'x')
 *  8 delimited          utf8(c1) + '_' + utf8(c2)            (c1 has no '_', c2 may)
 *  9 reversed_user      rpad(utf8(StringBuilder(user_id).reverse()),16,0x00) + u64 order_id
 * 10 signed_ordered     Bytes.toBytes(v ^ Long.MIN_VALUE)    (Phoenix BIGINT: sign bit flipped)
 * 11 signed_java        Bytes.toBytes(v)                     (plain two's complement)
 * 12 salted_u64         ascii(hex(md5(Bytes.toBytes(id)))[0..8]) + Bytes.toBytes(id)
 * 13 bucket_reverse_ts  byte(ts % 16) + u64 (Long.MAX_VALUE - ts) + utf8(host)
 *                       (bucket from the raw value, before reversing)
 * 14 uid_type           ascii(md5Hex(uid + "_" + kind)[0..4]) + "_" + uid + "_" + kind
 * 15 uuid_bytes         16 bytes of a UUID (msb, lsb big-endian) + Bytes.toBytes(int) part
 *                       (part is printed as an unsigned u32; Java passes (int) part)
 * 16 kind_uid_salt      ascii(md5Hex(kind + "_" + uid)[0..4]) + uid + kind + "_" + u64 ts
 *                       (uid: a 10-digit account number; the salt hashes kind first,
 *                       though the key stores uid first)
 */

import java.io.*;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.*;

public class GoldenKeys {
    private static final HexFormat HEX = HexFormat.of(); // lowercase
    // Default System.out uses the platform charset; a C/POSIX locale would turn
    // CJK test values into '?', so write UTF-8 explicitly.
    private static final PrintStream OUT = new PrintStream(
            new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);

    // ---- stand-ins for the HBase / commons-codec APIs (no jars allowed) ----

    // org.apache.hadoop.hbase.util.Bytes.toBytes(long)
    static byte[] toBytes(long v) { return ByteBuffer.allocate(8).putLong(v).array(); }
    // org.apache.hadoop.hbase.util.Bytes.toBytes(int)
    static byte[] toBytes(int v) { return ByteBuffer.allocate(4).putInt(v).array(); }
    // org.apache.hadoop.hbase.util.Bytes.toBytes(short)
    static byte[] toBytes(short v) { return ByteBuffer.allocate(2).putShort(v).array(); }
    // org.apache.hadoop.hbase.util.Bytes.toBytes(String)
    static byte[] toBytes(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    // org.apache.commons.codec.digest.DigestUtils.md5Hex(byte[])
    static String md5Hex(byte[] data) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("MD5").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // org.apache.commons.codec.digest.DigestUtils.md5Hex(String)
    static String md5Hex(String s) { return md5Hex(toBytes(s)); }

    // Bytes.padTail(b, n - b.length) for pad 0x00; generalised to any pad byte.
    // Refuses overflow and trailing pad bytes: such values cannot round-trip.
    static byte[] rpad(String s, int n, byte pad) {
        byte[] b = toBytes(s);
        if (b.length > n) throw new IllegalArgumentException("too long for pad(" + n + "): " + s);
        if (b.length > 0 && b[b.length - 1] == pad)
            throw new IllegalArgumentException("ends with pad byte: " + s);
        byte[] out = new byte[n];
        System.arraycopy(b, 0, out, 0, b.length);
        for (int i = b.length; i < n; i++) out[i] = pad;
        return out;
    }

    static byte[] rpad0(String s, int n) { return rpad(s, n, (byte) 0); }

    static long u64(long v) {
        if (v < 0) throw new IllegalArgumentException("u64 field must be >= 0: " + v);
        return v;
    }

    // ---- output ----

    /** Concatenates key parts and prints one TSV line. */
    static void emit(String layout, Object[] args, byte[]... parts) {
        ByteArrayOutputStream key = new ByteArrayOutputStream();
        for (byte[] p : parts) key.writeBytes(p);
        StringBuilder line = new StringBuilder(layout);
        for (Object a : args) {
            String s = a instanceof byte[] b ? "0x" + HEX.formatHex(b) : String.valueOf(a);
            if (s.matches("(?s).*[\t\n\r\\\\].*"))
                throw new IllegalArgumentException("arg not TSV-safe: " + s);
            line.append('\t').append(s);
        }
        line.append('\t').append(HEX.formatHex(key.toByteArray()));
        OUT.print(line.append('\n'));
    }

    static Object[] a(Object... args) { return args; }

    static void header(String layout, String columns) {
        OUT.print("#\n# " + layout + "\t" + columns + "\thexkey\n");
    }

    // ---- deterministic case generation ----

    // No '_' (delimiter) and no 'x' (pad byte of rpad_x), so random strings are
    // valid in every layout without per-layout filtering.
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ0123456789-.";

    static String token(Random r, int minLen, int maxLen) {
        int len = minLen + r.nextInt(maxLen - minLen + 1);
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) sb.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        return sb.toString();
    }

    static long nonNeg(Random r) { return r.nextLong() & Long.MAX_VALUE; }

    /** Epoch millis between 2001 and ~2033: the realistic timestamp range. */
    static long millis(Random r) { return 1_000_000_000_000L + (long) (r.nextDouble() * 1_000_000_000_000L); }

    static final long MAX = Long.MAX_VALUE;
    // Non-ASCII literals are written as unicode escapes: JDK 17 reads source in the platform
    // charset, so raw UTF-8 here would break under a C/POSIX locale.
    static final String CJK12 = "\u6dd8\u5bf6\u7528\u6237"; // 4 chars, 12 UTF-8 bytes

    public static void main(String[] argv) {
        OUT.print("# Golden HBase row keys for the rowkey crate. GENERATED, do not edit.\n"
                + "# Regenerate: java java/GoldenKeys.java > tests/golden/keys.tsv\n"
                + "# Format: layout<TAB>args...<TAB>hexkey; layouts are described in java/GoldenKeys.java.\n");

        header("user_orders", "user_id\torder_id");
        String[] users = {"u1", "user_12345", "abcdefghijklmnop", "", CJK12, "a", "\u00e9mile", "user 7", "Z9-x.y"};
        long[] orders = {0, 1, MAX, 255, 256, 1L << 32, MAX - 1, 42, 1234567890123L};
        for (int i = 0; i < users.length; i++) userOrder(users[i], orders[i]);
        userOrder("u1", MAX);
        userOrder("", 0);
        userOrder(CJK12, MAX);
        Random r = new Random(1);
        for (int i = 0; i < 8; i++) userOrder(token(r, 1, 16), nonNeg(r));

        header("metrics", "host\tevent\tts");
        String[][] metricCases = {{"host1", "login"}, {"host12", "login"}, {"host1", "logout"},
                {"host12", "error"}, {"host1", "exactly8"}, {"web-01.example.", ""}, {"", "warn"},
                {"sixteen-byte-hst", "\u9519\u8bef"}, {"h", "e"}};
        long[] metricTs = {0, 0, 1, 1_700_000_000_000L, MAX, 1_700_000_000_001L, 2, MAX - 1, 1L << 32};
        for (int i = 0; i < metricCases.length; i++) metric(metricCases[i][0], metricCases[i][1], metricTs[i]);
        r = new Random(2);
        for (int i = 0; i < 12; i++) metric(token(r, 1, 16), token(r, 0, 8), i % 3 == 0 ? nonNeg(r) : millis(r));

        // Same cases for both bucket widths, so the two layouts can be compared line by line.
        List<Object[]> logs = new ArrayList<>();
        long[] bucketTs = {0, 1, 15, 16, 17, 999, 1000, 1001, 65535, 1_700_000_000_000L,
                1_700_000_000_015L, MAX, MAX - 1};
        String[] hosts = {"host1", "host12", "", "sixteen-byte-hst", CJK12};
        String[] events = {"", "login", "GET /index.html", "\u6dd8\u5bf6", "a_b"};
        for (int i = 0; i < bucketTs.length; i++)
            logs.add(a(bucketTs[i], hosts[i % hosts.length], events[(i / 2) % events.length]));
        r = new Random(3);
        for (int i = 0; i < 8; i++) logs.add(a(i % 2 == 0 ? millis(r) : nonNeg(r), token(r, 1, 16), token(r, 0, 20)));
        header("bucketed_logs", "ts\thost\tevent");
        for (Object[] c : logs) bucketLog((Long) c[0], (String) c[1], (String) c[2], 16);
        header("bucketed_logs_wide", "ts\thost\tevent");
        for (Object[] c : logs) bucketLog((Long) c[0], (String) c[1], (String) c[2], 1000);

        header("seller_orders", "seller_id\tts\torder_no");
        long[][] sellers = {{0, 0, 0}, {1, 1, 1}, {MAX, MAX, MAX}, {0, MAX, 0}, {MAX, 0, MAX},
                {42, 1_700_000_000_000L, 1}, {42, 1_700_000_000_000L, 2}, {42, 1_700_000_000_001L, 0},
                {255, 256, 65536}, {1L << 32, (1L << 32) - 1, 1L << 56}};
        for (long[] s : sellers) sellerOrder(s[0], s[1], s[2]);
        r = new Random(5);
        for (int i = 0; i < 10; i++) sellerOrder(r.nextInt(100_000), millis(r), nonNeg(r));

        header("rpad_columns", "c1\tc2");
        String[][] rpadCases = {{"host1", "x"}, {"host12", "x"}, {"host1", ""},
                {"exactly-twenty-bytes", "tail"}, {"", "only-c2"}, {"", ""}, {CJK12, "\u7528\u6237"},
                {CJK12 + "ab12345x", "c2"}, // 12 + 8 = exactly 20 bytes, ending in 'x' (fine with 0x00 pad)
                {"with space", "a_b\u00e9"}};
        for (String[] c : rpadCases) rpadColumns(c[0], c[1]);
        r = new Random(6);
        for (int i = 0; i < 10; i++) rpadColumns(token(r, 0, 20), token(r, 0, 12));

        header("rpad_x", "c1\tc2");
        String[][] xCases = {{"host1", "x"}, {"host12", "yx"}, {"", ""}, {"", "c2"},
                {"exactly-twenty-bytes", "tail"}, {"xylophone", "starts with x is fine"}, {"axb", ""},
                {CJK12, "\u7528\u6237"}, {"host1\u00e9", "2"}};
        for (String[] c : xCases) rpadX(c[0], c[1]);
        r = new Random(7);
        for (int i = 0; i < 10; i++) rpadX(token(r, 0, 20), token(r, 0, 12));

        header("delimited", "c1\tc2");
        String[][] delimCases = {{"host1", "login"}, {"host12", "login"}, {"", ""}, {"", "c2"},
                {"c1", ""}, {"c1", "a_b_c"}, {"c1", "_"}, {CJK12, "\u7528\u6237_42"},
                {"a-very-long-first-column-well-past-twenty-bytes", "z"}};
        for (String[] c : delimCases) delimited(c[0], c[1]);
        r = new Random(8);
        for (int i = 0; i < 10; i++) delimited(token(r, 0, 24), token(r, 0, 12));

        header("reversed_user", "user_id\torder_id");
        String[] revUsers = {"u1", "user_12345", "abcdefghijklmnop", "", "\u7528\u623742", CJK12,
                "1000", "0001", "racecar"}; // "1000" reversed puts the zeros first
        long[] revOrders = {0, 1, MAX, 0, 7, MAX - 1, 1000, 1000, 256};
        for (int i = 0; i < revUsers.length; i++) reversedUser(revUsers[i], revOrders[i]);
        r = new Random(9);
        for (int i = 0; i < 10; i++) reversedUser(token(r, 1, 16), nonNeg(r));

        List<Long> vs = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -(1L << 32), -256L,
                -255L, -129L, -128L, -2L, -1L, 0L, 1L, 2L, 127L, 128L, 255L, 256L, 1L << 32, MAX - 1, MAX));
        r = new Random(10);
        for (int i = 0; i < 6; i++) vs.add(r.nextLong());
        header("signed_ordered", "v");
        for (long v : vs) emit("signed_ordered", a(v), toBytes(v ^ Long.MIN_VALUE));
        header("signed_java", "v");
        for (long v : vs) emit("signed_java", a(v), toBytes(v));

        header("salted_u64", "id");
        for (long id : new long[] {0, 1, 2, 255, 256, 65535, 1L << 32, 1_700_000_000_000L, MAX - 1, MAX})
            saltedU64(id);
        r = new Random(12);
        for (int i = 0; i < 10; i++) saltedU64(i % 2 == 0 ? r.nextInt(1_000_000) : nonNeg(r));

        header("bucket_reverse_ts", "ts\thost");
        long[] rts = {0, 1, 15, 16, 17, 1_700_000_000_000L, MAX - 15, MAX - 1, MAX};
        String[] rhosts = {"host1", "host12", "", CJK12, "web-01"};
        for (int i = 0; i < rts.length; i++) bucketReverseTs(rts[i], rhosts[i % rhosts.length]);
        r = new Random(13);
        for (int i = 0; i < 10; i++) bucketReverseTs(i % 2 == 0 ? millis(r) : nonNeg(r), token(r, 0, 16));

        header("uid_type", "uid\tkind");
        String[][] uidCases = {{"12345", "buyer"}, {"12345", "seller"}, {"", ""}, {"", "buyer"},
                {"u1", ""}, {"u1", "a_b"}, {"\u7528\u6237", "\u7c7b\u578b"}, {"9999999999", "vip"}};
        for (String[] c : uidCases) uidType(c[0], c[1]);
        r = new Random(14);
        for (int i = 0; i < 10; i++) uidType(token(r, 0, 12), token(r, 0, 8));

        header("uuid_bytes", "id\tpart");
        UUID sample = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        uuidBytes(new UUID(0, 0), 0);
        uuidBytes(new UUID(-1L, -1L), -1);               // part = u32::MAX
        uuidBytes(sample, 1);
        uuidBytes(sample, Integer.MAX_VALUE);
        uuidBytes(sample, Integer.MIN_VALUE);            // part = 2^31
        uuidBytes(UUID.nameUUIDFromBytes(toBytes("rowkey")), 256);
        uuidBytes(new UUID(Long.MIN_VALUE, 1), 255);
        r = new Random(15);
        for (int i = 0; i < 10; i++) uuidBytes(new UUID(r.nextLong(), r.nextLong()), r.nextInt());

        header("kind_uid_salt", "uid\tkind\tts");
        String[][] kindCases = {{"0000012345", "buyer"}, {"0000012345", "seller"}, {"9999999999", ""},
                {"0000000000", "a"}, {"1234567890", "\u7c7b\u578b"}, {"0000000001", "vip-gold"}};
        long[] kindTs = {0, 1, MAX, 1_700_000_000_000L, 255, 1L << 40};
        for (int i = 0; i < kindCases.length; i++) kindUidSalt(kindCases[i][0], kindCases[i][1], kindTs[i]);
        r = new Random(16);
        for (int i = 0; i < 10; i++)
            kindUidSalt(String.format("%010d", r.nextInt(1_000_000_000)), token(r, 0, 8), millis(r));

        OUT.flush();
    }

    // ---- one method per layout: the bytes are built exactly as the header says ----

    static void userOrder(String userId, long orderId) {
        emit("user_orders", a(userId, u64(orderId)),
                toBytes(md5Hex(userId).substring(0, 4)), rpad0(userId, 16), toBytes(orderId));
    }
    static void metric(String host, String event, long ts) {
        emit("metrics", a(host, event, u64(ts)), rpad0(host, 16), rpad0(event, 8), toBytes(MAX - ts));
    }
    // HBase code writes the bucket in the smallest type that holds numBuckets - 1.
    static void bucketLog(long ts, String host, String event, int numBuckets) {
        byte[] bucket = numBuckets <= 256 ? new byte[] {(byte) (ts % numBuckets)}
                : toBytes((short) (ts % numBuckets));
        emit(numBuckets == 16 ? "bucketed_logs" : "bucketed_logs_wide", a(u64(ts), host, event),
                bucket, toBytes(ts), rpad0(host, 16), toBytes(event));
    }
    static void sellerOrder(long sellerId, long ts, long orderNo) {
        emit("seller_orders", a(u64(sellerId), u64(ts), u64(orderNo)),
                toBytes(sellerId), toBytes(ts), toBytes(orderNo));
    }
    static void rpadColumns(String c1, String c2) {
        emit("rpad_columns", a(c1, c2), rpad0(c1, 20), toBytes(c2));
    }
    static void rpadX(String c1, String c2) {
        emit("rpad_x", a(c1, c2), rpad(c1, 20, (byte) 'x'), toBytes(c2));
    }
    static void delimited(String c1, String c2) {
        if (c1.indexOf('_') >= 0) throw new IllegalArgumentException("c1 contains '_': " + c1);
        emit("delimited", a(c1, c2), toBytes(c1), toBytes("_"), toBytes(c2));
    }
    static void reversedUser(String userId, long orderId) {
        emit("reversed_user", a(userId, u64(orderId)),
                rpad0(new StringBuilder(userId).reverse().toString(), 16), toBytes(orderId));
    }
    static void saltedU64(long id) {
        emit("salted_u64", a(u64(id)), toBytes(md5Hex(toBytes(id)).substring(0, 8)), toBytes(id));
    }
    static void bucketReverseTs(long ts, String host) {
        emit("bucket_reverse_ts", a(u64(ts), host),
                new byte[] {(byte) (ts % 16)}, toBytes(MAX - ts), toBytes(host));
    }
    static void uidType(String uid, String kind) {
        if (uid.indexOf('_') >= 0) throw new IllegalArgumentException("uid contains '_': " + uid);
        emit("uid_type", a(uid, kind),
                toBytes(md5Hex(uid + "_" + kind).substring(0, 4)), toBytes("_"), toBytes(uid),
                toBytes("_"), toBytes(kind));
    }
    // A salt listed as fields(kind, uid) over a key that stores uid first:
    // md5Hex(kind + "_" + uid), where the "_" is kind's delimiter.
    static void kindUidSalt(String uid, String kind, long ts) {
        if (uid.length() != 10 || !uid.chars().allMatch(Character::isDigit))
            throw new IllegalArgumentException("uid is 10 digits: " + uid);
        if (kind.indexOf('_') >= 0) throw new IllegalArgumentException("kind contains '_': " + kind);
        emit("kind_uid_salt", a(uid, kind, u64(ts)),
                toBytes(md5Hex(kind + "_" + uid).substring(0, 4)), toBytes(uid), toBytes(kind),
                toBytes("_"), toBytes(ts));
    }
    static void uuidBytes(UUID id, int part) {
        byte[] raw = ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array();
        emit("uuid_bytes", a(raw, Integer.toUnsignedString(part)), raw, toBytes(part));
    }
}
