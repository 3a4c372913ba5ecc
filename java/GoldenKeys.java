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
 * 16 kind_uid_salt      ascii(md5Hex(kind + "_" + uid)[0..4]) + "_" + uid + "_" + kind
 *                       (seed 001's layout with the hash over kind first, though the key
 *                       stores uid first: fields(kind, uid), delim = b'_')
 *
 * SPEC 3a (seed 004's text keys, descending order, escaping, absent values). Text
 * keys are built with seed 004's RowKeyUtil, copied below exactly as the seed
 * writes it (MD5(s) = DigestUtils.md5Hex(s), lowercase hex), then getBytes(UTF_8):
 * 17 hash_row_key       hashRowKey(id) = RowKeyUtil.hash(id) + "_" + id
 * 18 metric_row_key     RowKeyUtil.metricRowKey(host, ts, metric)   (host has no '_')
 * 19 inbox_row_key      RowKeyUtil.inboxRowKey(receiver, ts, sender) (receiver has no '_';
 *                       ts <= Long.MAX_VALUE - 10^18, so %013d writes 19 digits)
 * 20 user_timestamp     userId + "_" + timestamp                      (Long.toString)
 * 21 region_timestamp   MD5(region).substring(0, 4) + "_" + region + "_" + timestamp
 * 22 hashed_number      RowKeyUtil.hash(Long.toString(id)) + "_" + id
 * 23 delim_fixed        Bytes.toBytes(id) + "_" + utf8(name)  (the id's bytes may hold '_')
 * 24 desc_u64           ~Bytes.toBytes(v)                  (Phoenix DESC: every byte inverted)
 * 25 desc_i64           ~Bytes.toBytes(v ^ Long.MIN_VALUE) (Phoenix DESC BIGINT)
 * 26 desc_name_id       ~(utf8(name) + 0x00) + Bytes.toBytes(id)  (Phoenix DESC VARCHAR: 0xFF separator)
 * 27 desc_window        ~ascii(%010d window) + utf8(metric)
 * 28 desc_padded        ~rpad(code, 8, 0x00) + Bytes.toBytes(int n)
 * 29 bucket_desc        byte(ts % 16) + ~Bytes.toBytes(ts) + utf8(host)
 * 30 escaped_pair       orderedCode(a) + b     (OrderedCode string: 00 -> 00 FF, FF -> FF 00,
 *                       then 00 01; b may start with 0xFF)
 * 31 escaped_desc       ~orderedCode(a) + Bytes.toBytes(int n)   (OrderedCode's decreasing order)
 * 32 escaped_delim      orderedCode(a) + "_" + utf8(b)
 * 33 optional           opt(a, Bytes.toBytes(int)) + opt(b, utf8(b) + 0x00) + opt(c, utf8(c))
 *                       where opt(None) = 0x00, opt(Some x) = 0x01 + x; NULL means None
 * 34 optional_desc      ~opt(v, Bytes.toBytes(v)) + utf8(tail)
 * 35 optional_pad       opt(a, rpad(a, 4, 0x00)) + byte(b)
 * 36 reverse_ts_digits  Long.toString(Long.MAX_VALUE - ts)
 * 37 uuid_times         UUID (msb, lsb) + Bytes.toBytes(at.toEpochMilli())
 *                       + Bytes.toBytes(Long.MAX_VALUE - seen.toEpochMilli()); args: uuid, at, seen
 *                       as epoch millis
 * 38 desc_delim_mid     ~(utf8(name) + "_") + Bytes.toBytes(id)  (a '_' delimiter, stored inverted as 0xA0)
 * 39 option_decimal     opt(w, ascii(%010d w)) + utf8(metric)
 * 40 salt_decimal_w     md5Hex(%010d id)[0..4] + "_" + %010d id + "_" + utf8(name)
 *                       (the salt hashes the digits the key stores)
 * 41 bucket_decimal     byte(w % 16) + ascii(%010d w) + utf8(host)
 * 42 uuid_delim_desc    UUID id (msb, lsb) + "_" + ~UUID other + utf8(name)
 * 43 optional_desc_name ~opt(name, utf8(name) + 0x00) + Bytes.toBytes(int n)
 * 44 optional_escaped   opt(a, orderedCode(a)) + b
 * 45 desc_pad_x         ~rpad(code, 8, 'x') + Bytes.toBytes(int n)
 * 47 salt_escaped       md5Hex(a)[0..4] + "_" + orderedCode(a) + utf8(b)  (the salt hashes the raw bytes)
 * 48 salt_reverse_ts    md5Hex(Bytes.toBytes(Long.MAX_VALUE - ts))[0..4] + "_" + Bytes.toBytes(Long.MAX_VALUE - ts)
 *                       + opt(seen, Bytes.toBytes(Long.MAX_VALUE - seen))   (the salt hashes the bytes stored)
 * 46 desc_fixed_delim   ~(Bytes.toBytes(id) + "_") + ~(ascii(%04d w) + "_")
 *                       + Bytes.toBytes(Long.MAX_VALUE - ts) + "_" + utf8(name)
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

        header("kind_uid_salt", "uid\tkind");
        String[][] kindCases = {{"12345", "buyer"}, {"12345", "seller"}, {"", ""}, {"", "buyer"},
                {"u1", ""}, {"u1", "a_b"}, {"\u7528\u6237", "\u7c7b\u578b"}, {"9999999999", "vip"}};
        for (String[] c : kindCases) kindUidSalt(c[0], c[1]);
        r = new Random(16);
        for (int i = 0; i < 10; i++) kindUidSalt(token(r, 0, 12), token(r, 0, 8));

        seed004();
        combos3a();

        OUT.flush();
    }

    // ---- seed 004's RowKeyUtil, exactly as the seed writes it ----

    static String MD5(String s) { return md5Hex(s); }

    public static class RowKeyUtil {

        // MD5 哈希打散
        public static String hash(String id) {
            return MD5(id).substring(0, 8);
        }

        // 组合字段
        public static String combine(String... parts) {
            return String.join("_", parts);
        }

        // 时间戳转字节(固定长度)
        public static byte[] timestampBytes(long timestamp) {
            return Bytes.toBytes(Long.MAX_VALUE - timestamp);
        }

        // 解析组合 RowKey
        public static String[] parse(String rowKey, String separator) {
            return rowKey.split(separator);
        }

        // 生成监控指标 RowKey(按主机+时间桶)
        public static String metricRowKey(String host, long timestamp, String metric) {
            int bucket = (int) (timestamp / (15 * 60 * 1000));  // 15分钟桶
            return combine(
                hash(host),
                host,
                String.format("%010d", bucket),
                metric
            );
        }

        // 生成消息 RowKey(收件箱)
        public static String inboxRowKey(String receiverId, long timestamp, String senderId) {
            return combine(receiverId,
                          String.format("%013d", Long.MAX_VALUE - timestamp),
                          senderId);
        }
    }

    // The seed's RowKeyUtil calls HBase's Bytes; the same stand-in as above.
    static class Bytes {
        static byte[] toBytes(long v) { return GoldenKeys.toBytes(v); }
    }

    // hashRowKey from the seed's first example.
    static String hashRowKey(String userId) {
        String md5 = MD5(userId).substring(0, 8);
        return md5 + "_" + userId;
    }

    static byte[] inv(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        byte[] b = out.toByteArray();
        for (int i = 0; i < b.length; i++) b[i] = (byte) ~b[i];
        return b;
    }

    static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** Google OrderedCode's string encoding (orderedcode.go): 0x00 -> 00 FF, 0xFF -> FF 00, then 00 01. */
    static byte[] orderedCode(byte[] s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : s) {
            out.write(b);
            if (b == 0) out.write(0xFF);
            else if (b == (byte) 0xFF) out.write(0x00);
        }
        out.write(0x00);
        out.write(0x01);
        return out.toByteArray();
    }

    static final String NULL = "NULL";
    static byte[] opt(Object v, byte[] some) {
        return v == null ? new byte[] {0} : cat(new byte[] {1}, some);
    }
    static Object orNull(Object v) { return v == null ? NULL : v; }

    static byte[] bytesArg(Random r, int maxLen) {
        byte[] pool = {0, 1, 0x5f, 0x7f, (byte) 0x80, (byte) 0xfe, (byte) 0xff, 'a', 'z'};
        byte[] b = new byte[r.nextInt(maxLen + 1)];
        for (int i = 0; i < b.length; i++) b[i] = pool[r.nextInt(pool.length)];
        return b;
    }

    // SPEC 3a attributes combined with each other and with salt, bucket and
    // pad, where the SPEC allows the combination.
    static void combos3a() {
        header("desc_delim_mid", "name\tid");
        String[] ddn = {"", "a", "a^", "ab", "b", CJK12, "A-1.z"};
        for (int i = 0; i < ddn.length; i++) descDelimMid(ddn[i], (long) i * 7);
        descDelimMid("z", MAX);
        Random r = new Random(137);
        for (int i = 0; i < 10; i++) descDelimMid(token(r, 0, 12), nonNeg(r));

        header("option_decimal", "w\tmetric");
        Long[] ows = {null, 0L, 1L, 1_888_888L, 9_999_999_999L};
        for (int i = 0; i < ows.length; i++) optionDecimal(ows[i], "m" + i);
        optionDecimal(null, "");
        r = new Random(138);
        for (int i = 0; i < 10; i++) optionDecimal(r.nextInt(3) == 0 ? null : (long) r.nextInt(Integer.MAX_VALUE), token(r, 0, 8));

        header("salt_decimal_w", "id\tname");
        long[] sids = {0, 1, 42, 9_999_999_999L};
        String[] snames = {"", "a", "x_y", CJK12};
        for (int i = 0; i < sids.length; i++) saltDecimalW(sids[i], snames[i]);
        r = new Random(139);
        for (int i = 0; i < 11; i++) saltDecimalW(nonNeg(r) % 10_000_000_000L, token(r, 0, 10));

        header("bucket_decimal", "w\thost");
        long[] bws = {0, 1, 15, 16, 17, 1_888_888, 9_999_999_999L};
        for (int i = 0; i < bws.length; i++) bucketDecimal(bws[i], "h" + i);
        r = new Random(140);
        for (int i = 0; i < 10; i++) bucketDecimal(millis(r) / 900_000, token(r, 0, 10));

        header("uuid_delim_desc", "id\tother\tname");
        UUID u1 = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        uuidDelimDesc(new UUID(0, 0), new UUID(0, 0), "");
        uuidDelimDesc(new UUID(0x5f5f5f5f5f5f5f5fL, 0x5f5f5f5f5f5f5f5fL), u1, "_");
        uuidDelimDesc(new UUID(-1L, -1L), new UUID(-1L, -1L), CJK12);
        uuidDelimDesc(u1, new UUID(Long.MIN_VALUE, 1), "x_y");
        r = new Random(141);
        for (int i = 0; i < 11; i++) uuidDelimDesc(new UUID(r.nextLong(), r.nextLong()), new UUID(r.nextLong(), r.nextLong()), token(r, 0, 8));

        header("optional_desc_name", "name\tn");
        String[] odn = {null, "", "a", "ab", CJK12};
        for (int i = 0; i < odn.length; i++) optionalDescName(odn[i], i);
        r = new Random(142);
        for (int i = 0; i < 10; i++) optionalDescName(r.nextInt(3) == 0 ? null : token(r, 0, 8), r.nextInt(Integer.MAX_VALUE));

        header("optional_escaped", "a\tb");
        optionalEscaped(null, new byte[0]);
        optionalEscaped(null, new byte[] {(byte) 0xff});
        optionalEscaped(b(""), new byte[] {(byte) 0xff});
        optionalEscaped(b("\0"), new byte[] {0x01});
        optionalEscaped(new byte[] {(byte) 0xff, 0}, new byte[] {0, 0x01});
        r = new Random(143);
        for (int i = 0; i < 10; i++) optionalEscaped(r.nextInt(3) == 0 ? null : bytesArg(r, 8), bytesArg(r, 4));

        header("desc_fixed_delim", "id\tw\tts\tname");
        descFixedDelim(0x5f, 0, 0, "");
        descFixedDelim(0xa0a0a0a0L, 9999, MAX, "_");
        descFixedDelim(MAX, 95, 0x5fL, "x_y");
        descFixedDelim(0, 1, 1_700_000_000_000L, CJK12);
        r = new Random(145);
        for (int i = 0; i < 11; i++) descFixedDelim(nonNeg(r), r.nextInt(10_000), millis(r), token(r, 0, 8));

        header("salt_escaped", "a\tb");
        saltEscaped(b(""), "");
        saltEscaped(b("\0"), "x");
        saltEscaped(new byte[] {(byte) 0xff, 0, 0x5f}, "_");
        saltEscaped(b("user_1"), CJK12);
        r = new Random(146);
        for (int i = 0; i < 11; i++) saltEscaped(bytesArg(r, 8), token(r, 0, 6));

        header("salt_reverse_ts", "ts\tseen");
        saltReverseTs(0, null);
        saltReverseTs(MAX, 0L);
        saltReverseTs(1_700_000_000_000L, MAX);
        r = new Random(147);
        for (int i = 0; i < 12; i++) saltReverseTs(millis(r), r.nextInt(3) == 0 ? null : millis(r));

        header("desc_pad_x", "code\tn");
        String[] pxs = {"", "a", "tb", "exactly8", "xa"};
        for (int i = 0; i < pxs.length; i++)
            emit("desc_pad_x", a(pxs[i], (long) i), inv(rpad(pxs[i], 8, (byte) 'x')), toBytes(i));
        r = new Random(144);
        for (int i = 0; i < 10; i++) { String c = token(r, 0, 8); int n = r.nextInt(Integer.MAX_VALUE);
            emit("desc_pad_x", a(c, (long) n), inv(rpad(c, 8, (byte) 'x')), toBytes(n)); }
    }

    static void descFixedDelim(long id, int w, long ts, String name) {
        emit("desc_fixed_delim", a(u64(id), (long) w, u64(ts), name),
                inv(toBytes(id), toBytes("_")), inv(toBytes(String.format("%04d", w)), toBytes("_")),
                toBytes(MAX - ts), toBytes("_"), toBytes(name));
    }

    static void saltEscaped(byte[] x, String y) {
        emit("salt_escaped", a(x, y), toBytes(md5Hex(x).substring(0, 4) + "_"), orderedCode(x), toBytes(y));
    }
    static void saltReverseTs(long ts, Long seen) {
        byte[] stored = toBytes(MAX - u64(ts));
        emit("salt_reverse_ts", a(ts, orNull(seen)), toBytes(md5Hex(stored).substring(0, 4) + "_"), stored,
                opt(seen, seen == null ? null : toBytes(MAX - u64(seen))));
    }

    static void descDelimMid(String name, long id) {
        if (name.indexOf('_') >= 0) throw new IllegalArgumentException("name contains '_'");
        emit("desc_delim_mid", a(name, u64(id)), inv(toBytes(name), toBytes("_")), toBytes(id));
    }
    static void optionDecimal(Long w, String metric) {
        emit("option_decimal", a(orNull(w), metric),
                opt(w, w == null ? null : toBytes(String.format("%010d", w))), toBytes(metric));
    }
    static void saltDecimalW(long id, String name) {
        String digits = String.format("%010d", u64(id));
        emit("salt_decimal_w", a(id, name), toBytes(md5Hex(digits).substring(0, 4) + "_" + digits + "_" + name));
    }
    static void bucketDecimal(long w, String host) {
        emit("bucket_decimal", a(u64(w), host), new byte[] {(byte) (w % 16)},
                toBytes(String.format("%010d", w)), toBytes(host));
    }
    static byte[] uuidRaw(UUID id) {
        return ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
    }
    static void uuidDelimDesc(UUID id, UUID other, String name) {
        emit("uuid_delim_desc", a(id.toString(), other.toString(), name),
                uuidRaw(id), toBytes("_"), inv(uuidRaw(other)), toBytes(name));
    }
    static void optionalDescName(String name, int n) {
        emit("optional_desc_name", a(orNull(name), Integer.toUnsignedString(n)),
                inv(opt(name, name == null ? null : cat(toBytes(name), new byte[] {0}))), toBytes(n));
    }
    static void optionalEscaped(byte[] x, byte[] y) {
        emit("optional_escaped", a(x == null ? NULL : x, y), opt(x, x == null ? null : orderedCode(x)), y);
    }

    static void seed004() {
        header("hash_row_key", "id");
        for (String id : new String[] {"user_1", "user_2", "user_3", "12345", "", CJK12, "a_b_c"})
            emit("hash_row_key", a(id), toBytes(hashRowKey(id)));
        Random r = new Random(116);
        for (int i = 0; i < 10; i++) { String id = token(r, 0, 16); emit("hash_row_key", a(id), toBytes(hashRowKey(id))); }

        header("metric_row_key", "host\tts\tmetric");
        String[][] mcases = {{"web01", "cpu"}, {"web012", "cpu"}, {"web01", "mem_used"}, {"", ""},
                {CJK12, "\u6307\u6807"}, {"h", "a_b"}};
        long[] mts = {0, 899_999, 900_000, 1_700_000_000_000L, 1_710_489_600_000L, 1_999_999_999_999L};
        for (int i = 0; i < mcases.length; i++) metricKey(mcases[i][0], mts[i], mcases[i][1]);
        r = new Random(117);
        for (int i = 0; i < 10; i++) metricKey(token(r, 1, 16), millis(r), token(r, 0, 10));

        header("inbox_row_key", "receiver\tts\tsender");
        String[][] icases = {{"bob", "alice"}, {"bob", ""}, {"", "x_y"}, {CJK12, CJK12}};
        long[] its = {0, 1, 1_700_000_000_000L, MAX - 1_000_000_000_000_000_000L};
        for (int i = 0; i < icases.length; i++) inboxKey(icases[i][0], its[i], icases[i][1]);
        r = new Random(118);
        for (int i = 0; i < 11; i++) inboxKey(token(r, 0, 12), millis(r), token(r, 0, 12));

        header("user_timestamp", "user_id\tts");
        long[] uts = {0, 9, 10, 1_700_000_000_000L, MAX};
        String[] uus = {"u1", "u1", "", CJK12, "user 7"};
        for (int i = 0; i < uts.length; i++) userTs(uus[i], uts[i]);
        r = new Random(119);
        for (int i = 0; i < 10; i++) userTs(token(r, 0, 12), i % 2 == 0 ? millis(r) : nonNeg(r));

        header("region_timestamp", "region\tts");
        String[] regs = {"beijing", "shanghai", "", CJK12, "eu-west-1"};
        long[] rgts = {0, 1, 1_700_000_000_000L, MAX, 100};
        for (int i = 0; i < regs.length; i++) regionTs(regs[i], rgts[i]);
        r = new Random(120);
        for (int i = 0; i < 10; i++) regionTs(token(r, 0, 12), millis(r));

        header("hashed_number", "id");
        for (long id : new long[] {0, 1, 10, 12345, 1_700_000_000_000L, MAX}) hashedNumber(id);
        r = new Random(121);
        for (int i = 0; i < 10; i++) hashedNumber(nonNeg(r));

        header("delim_fixed", "id\tname");
        long[] dids = {0x5f, 0x5f5f5f5f5f5f5f5fL, 0, MAX, 0x5f00};
        String[] dnames = {"a", "", "x_y", CJK12, "_"};
        for (int i = 0; i < dids.length; i++)
            emit("delim_fixed", a(dids[i], dnames[i]), toBytes(dids[i]), toBytes("_"), toBytes(dnames[i]));
        r = new Random(122);
        for (int i = 0; i < 10; i++) { long id = nonNeg(r); String n = token(r, 0, 10);
            emit("delim_fixed", a(id, n), toBytes(id), toBytes("_"), toBytes(n)); }

        header("desc_u64", "v");
        for (long v : new long[] {0, 1, 255, 256, 1L << 32, MAX - 1, MAX}) emit("desc_u64", a(v), inv(toBytes(v)));
        r = new Random(123);
        for (int i = 0; i < 10; i++) { long v = nonNeg(r); emit("desc_u64", a(v), inv(toBytes(v))); }

        header("desc_i64", "v");
        for (long v : new long[] {Long.MIN_VALUE, -256, -1, 0, 1, 255, MAX})
            emit("desc_i64", a(v), inv(toBytes(v ^ Long.MIN_VALUE)));
        r = new Random(124);
        for (int i = 0; i < 10; i++) { long v = r.nextLong(); emit("desc_i64", a(v), inv(toBytes(v ^ Long.MIN_VALUE))); }

        header("desc_name_id", "name\tid");
        String[] dn = {"", "a", "ab", "abc", "b", CJK12, "z_y"};
        for (int i = 0; i < dn.length; i++)
            emit("desc_name_id", a(dn[i], (long) i), inv(toBytes(dn[i]), new byte[] {0}), toBytes((long) i));
        r = new Random(125);
        for (int i = 0; i < 10; i++) { String n = token(r, 0, 12); long id = nonNeg(r);
            emit("desc_name_id", a(n, id), inv(toBytes(n), new byte[] {0}), toBytes(id)); }

        header("desc_window", "window\tmetric");
        long[] ws = {0, 1, 1_888_888, 9_999_999_999L};
        for (int i = 0; i < ws.length; i++)
            emit("desc_window", a(ws[i], "m" + i), inv(toBytes(String.format("%010d", ws[i]))), toBytes("m" + i));
        r = new Random(126);
        for (int i = 0; i < 11; i++) { long w = r.nextInt(Integer.MAX_VALUE); String m = token(r, 0, 8);
            emit("desc_window", a(w, m), inv(toBytes(String.format("%010d", w))), toBytes(m)); }

        header("desc_padded", "code\tn");
        String[] codes = {"", "a", "tb", "exactly8", CJK12.substring(0, 2)};
        for (int i = 0; i < codes.length; i++)
            emit("desc_padded", a(codes[i], (long) i * 1000), inv(rpad0(codes[i], 8)), toBytes(i * 1000));
        r = new Random(127);
        for (int i = 0; i < 10; i++) { String c = token(r, 0, 8); int n = r.nextInt(Integer.MAX_VALUE);
            emit("desc_padded", a(c, (long) n), inv(rpad0(c, 8)), toBytes(n)); }

        header("bucket_desc", "ts\thost");
        long[] bts = {0, 1, 15, 16, 1_700_000_000_000L, MAX};
        for (int i = 0; i < bts.length; i++)
            emit("bucket_desc", a(bts[i], "h" + i), new byte[] {(byte) (bts[i] % 16)}, inv(toBytes(bts[i])), toBytes("h" + i));
        r = new Random(128);
        for (int i = 0; i < 10; i++) { long t = millis(r); String h = token(r, 0, 10);
            emit("bucket_desc", a(t, h), new byte[] {(byte) (t % 16)}, inv(toBytes(t)), toBytes(h)); }

        // OrderedCode's own published string vectors (orderedcode_test.go), then
        // a next field starting with 0xFF, then random bytes with 00 and FF runs.
        header("escaped_pair", "a\tb");
        byte[][] published = {b(""), b("\0"), b("\0\0"), b("\1"), b("foo"), b("foo\0"), b("foo\0\1"),
                b("foo\1"), b("foo\1\0"), cat(b("foo"), new byte[] {(byte) 0xfe}),
                cat(b("foo"), new byte[] {(byte) 0xff}), new byte[] {(byte) 0xff},
                new byte[] {(byte) 0xff, (byte) 0xff}};
        for (byte[] p : published) escapedPair(p, new byte[0]);
        escapedPair(b(""), new byte[] {(byte) 0xff});
        escapedPair(b("\0"), new byte[] {(byte) 0xff, 0x00});
        escapedPair(b("a"), new byte[] {(byte) 0xff, 0x01});
        escapedPair(new byte[] {(byte) 0xff}, new byte[] {0x00, 0x01});
        r = new Random(129);
        for (int i = 0; i < 12; i++) escapedPair(bytesArg(r, 10), bytesArg(r, 6));

        header("escaped_desc", "a\tn");
        for (int i = 0; i < published.length; i++) escapedDesc(published[i], i);
        r = new Random(130);
        for (int i = 0; i < 10; i++) escapedDesc(bytesArg(r, 10), r.nextInt(Integer.MAX_VALUE));

        header("escaped_delim", "a\tb");
        byte[][] eas = {b(""), b("_"), new byte[] {0, (byte) 0xff, 0x5f}, b("abc")};
        String[] ebs = {"", "x_y", "_", CJK12};
        for (int i = 0; i < eas.length; i++)
            emit("escaped_delim", a(eas[i], ebs[i]), orderedCode(eas[i]), toBytes("_"), toBytes(ebs[i]));
        r = new Random(131);
        for (int i = 0; i < 11; i++) { byte[] x = bytesArg(r, 8); String y = token(r, 0, 8);
            emit("escaped_delim", a(x, y), orderedCode(x), toBytes("_"), toBytes(y)); }

        header("optional", "a\tb\tc");
        Object[][] ocases = {{null, null, null}, {0, null, null}, {null, "", null}, {null, null, ""},
                {7, "b", "c"}, {-1, "x", null}, {null, CJK12, CJK12}, {256, "", "_"}};
        for (Object[] c : ocases) optional((Integer) c[0], (String) c[1], (String) c[2]);
        r = new Random(132);
        for (int i = 0; i < 10; i++)
            optional(r.nextBoolean() ? null : r.nextInt(), r.nextBoolean() ? null : token(r, 0, 6),
                    r.nextBoolean() ? null : token(r, 0, 6));

        header("optional_desc", "v\ttail");
        Long[] ods = {null, 0L, 1L, MAX};
        for (int i = 0; i < ods.length; i++) optionalDesc(ods[i], "t" + i);
        r = new Random(133);
        for (int i = 0; i < 11; i++) optionalDesc(r.nextInt(3) == 0 ? null : nonNeg(r), token(r, 0, 6));

        header("optional_pad", "a\tb");
        String[] ops = {null, "", "a", "abcd", CJK12.substring(0, 1)};
        for (int i = 0; i < ops.length; i++)
            emit("optional_pad", a(orNull(ops[i]), (long) i), opt(ops[i], ops[i] == null ? null : rpad0(ops[i], 4)), new byte[] {(byte) i});
        r = new Random(134);
        for (int i = 0; i < 10; i++) { String x = r.nextBoolean() ? null : token(r, 0, 4); int y = r.nextInt(256);
            emit("optional_pad", a(orNull(x), (long) y), opt(x, x == null ? null : rpad0(x, 4)), new byte[] {(byte) y}); }

        header("reverse_ts_digits", "ts");
        for (long t : new long[] {0, 1, 1_700_000_000_000L, MAX - 10, MAX - 9, MAX})
            emit("reverse_ts_digits", a(t), toBytes(Long.toString(MAX - t)));
        r = new Random(135);
        for (int i = 0; i < 10; i++) { long t = i % 2 == 0 ? millis(r) : nonNeg(r);
            emit("reverse_ts_digits", a(t), toBytes(Long.toString(MAX - t))); }

        header("uuid_times", "id\tat\tseen");
        uuidTimes(new UUID(0, 0), java.time.Instant.EPOCH, java.time.Instant.EPOCH);
        uuidTimes(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                java.time.Instant.parse("2024-03-15T10:00:00.123Z"), java.time.Instant.parse("2024-03-15T10:15:00Z"));
        uuidTimes(new UUID(-1L, -1L), java.time.Instant.ofEpochMilli(1_700_000_000_000L),
                java.time.Instant.ofEpochMilli(253_402_300_799_999L)); // 9999-12-31T23:59:59.999Z
        r = new Random(136);
        for (int i = 0; i < 12; i++)
            uuidTimes(new UUID(r.nextLong(), r.nextLong()), java.time.Instant.ofEpochMilli(millis(r)),
                    java.time.Instant.ofEpochMilli(millis(r)));
    }

    static byte[] b(String s) { return s.getBytes(StandardCharsets.ISO_8859_1); }

    static void metricKey(String host, long ts, String metric) {
        if (host.indexOf('_') >= 0) throw new IllegalArgumentException("host contains '_': " + host);
        emit("metric_row_key", a(host, u64(ts), metric), toBytes(RowKeyUtil.metricRowKey(host, ts, metric)));
    }
    static void inboxKey(String receiver, long ts, String sender) {
        if (receiver.indexOf('_') >= 0) throw new IllegalArgumentException("receiver contains '_'");
        if (ts > MAX - 1_000_000_000_000_000_000L) throw new IllegalArgumentException("fewer than 19 digits");
        emit("inbox_row_key", a(receiver, u64(ts), sender), toBytes(RowKeyUtil.inboxRowKey(receiver, ts, sender)));
    }
    static void userTs(String userId, long ts) {
        if (userId.indexOf('_') >= 0) throw new IllegalArgumentException("userId contains '_'");
        String rowKey = userId + "_" + u64(ts);
        emit("user_timestamp", a(userId, ts), toBytes(rowKey));
    }
    static void regionTs(String region, long timestamp) {
        if (region.indexOf('_') >= 0) throw new IllegalArgumentException("region contains '_'");
        String hash = MD5(region).substring(0, 4);
        String rowKey = hash + "_" + region + "_" + u64(timestamp);
        emit("region_timestamp", a(region, timestamp), toBytes(rowKey));
    }
    static void hashedNumber(long id) {
        String s = Long.toString(u64(id));
        emit("hashed_number", a(id), toBytes(RowKeyUtil.hash(s) + "_" + s));
    }
    static void escapedPair(byte[] x, byte[] y) {
        emit("escaped_pair", a(x, y), orderedCode(x), y);
    }
    static void escapedDesc(byte[] x, int n) {
        emit("escaped_desc", a(x, Integer.toUnsignedString(n)), inv(orderedCode(x)), toBytes(n));
    }
    static void optional(Integer x, String y, String z) {
        emit("optional", a(x == null ? NULL : Integer.toUnsignedString(x), orNull(y), orNull(z)),
                opt(x, x == null ? null : toBytes((int) x)),
                opt(y, y == null ? null : cat(toBytes(y), new byte[] {0})),
                opt(z, z == null ? null : toBytes(z)));
    }
    static void optionalDesc(Long v, String tail) {
        emit("optional_desc", a(orNull(v), tail), inv(opt(v, v == null ? null : toBytes((long) v))), toBytes(tail));
    }
    static void uuidTimes(UUID id, java.time.Instant at, java.time.Instant seen) {
        byte[] raw = ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array();
        emit("uuid_times", a(id.toString(), at.toEpochMilli(), seen.toEpochMilli()),
                raw, toBytes(at.toEpochMilli()), toBytes(MAX - seen.toEpochMilli()));
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
    // Seed 001's key with the salt listed as fields(kind, uid): the hash is
    // over kind first, joined by the salt's "_", though the key stores uid first.
    static void kindUidSalt(String uid, String kind) {
        if (uid.indexOf('_') >= 0) throw new IllegalArgumentException("uid contains '_': " + uid);
        emit("kind_uid_salt", a(uid, kind),
                toBytes(md5Hex(kind + "_" + uid).substring(0, 4)), toBytes("_"), toBytes(uid),
                toBytes("_"), toBytes(kind));
    }
    static void uuidBytes(UUID id, int part) {
        byte[] raw = ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits()).array();
        emit("uuid_bytes", a(raw, Integer.toUnsignedString(part)), raw, toBytes(part));
    }
}
