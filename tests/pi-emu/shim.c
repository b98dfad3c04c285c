/*
 * The emulated Pi's kernel interfaces, for `dealerd run --devices pi` in the
 * tests (see README.md here). Preloaded (LD_PRELOAD) into dealerd; no part of
 * the product.
 *
 * - Files rpi-pal reads to identify the Pi (/proc/cpuinfo, the device tree)
 *   and the GPIO register block (/dev/gpiomem, /dev/mem) are opened from
 *   $DEALERD_PI_EMU_ROOT instead: a regular file there is mmap-able, so the
 *   register block needs no mmap emulation.
 * - /dev/gpiochip*, /dev/i2c-* and /dev/spidev* become a connection to the
 *   test's device server at $DEALERD_PI_EMU_SOCKET. Their ioctl, read and
 *   write are sent there; the answer (or an errno) comes back.
 * - A GPIO line request (GPIO_V2_GET_LINE_IOCTL) is a connection of its own,
 *   and its fd is that socket: the server writes the kernel's 48-byte
 *   gpio_v2_line_event records to it, so rpi-pal's epoll and read(2) on the
 *   line fd work on a real kernel object, untouched by this shim.
 *
 * Without $DEALERD_PI_EMU_SOCKET and $DEALERD_PI_EMU_ROOT every call goes
 * straight to libc.
 *
 * Wire format, both ways: a u32 length (native order), then that many
 * bytes. A request starts with one byte: 'O' open (then the path), 'L' line
 * request (then the struct), 'I' ioctl (then the u64 request code and its
 * payload), 'W' write (then the bytes), 'R' read (then a u32 count). A reply
 * is an i32 (the call's return value, or -errno), then the payload.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_FD 4096

enum kind { K_NONE = 0, K_CHIP, K_I2C, K_SPI };

/* fd -> what it emulates; K_NONE for every fd the shim did not open. */
static volatile unsigned char kinds[MAX_FD];
/* One request and its reply at a time: a reply is read from the socket the
 * request went out on, and two threads must not interleave on one. */
static pthread_mutex_t wire = PTHREAD_MUTEX_INITIALIZER;

#define REAL(name, ret, ...)                                                 \
    static ret (*real_##name)(__VA_ARGS__);                                  \
    static void resolve_##name(void) {                                       \
        if (!real_##name)                                                    \
            real_##name = (ret(*)(__VA_ARGS__))dlsym(RTLD_NEXT, #name);      \
    }

REAL(open, int, const char *, int, ...)
REAL(open64, int, const char *, int, ...)
REAL(openat, int, int, const char *, int, ...)
REAL(openat64, int, int, const char *, int, ...)
REAL(ioctl, int, int, unsigned long, ...)
REAL(read, ssize_t, int, void *, size_t)
REAL(write, ssize_t, int, const void *, size_t)
REAL(close, int, int)

/* asm-generic ioctl numbers: the same on x86_64, aarch64 and arm. */
#define IOC_NR(r) ((unsigned)((r) & 0xff))
#define IOC_TYPE(r) ((unsigned)(((r) >> 8) & 0xff))
#define IOC_SIZE(r) ((size_t)(((r) >> 16) & 0x3fff))
#define IOC_DIR(r) ((unsigned)(((r) >> 30) & 3))
#define IOC_READ 2u

#define I2C_FUNCS 0x0705
#define I2C_RDWR 0x0707
#define I2C_M_RD 0x0001

struct i2c_msg_ {
    uint16_t addr, flags, len;
    uint8_t *buf;
};
struct i2c_rdwr_ {
    struct i2c_msg_ *msgs;
    uint32_t nmsgs;
};
/* struct spi_ioc_transfer, 32 bytes on every ABI. */
struct spi_xfer_ {
    uint64_t tx_buf, rx_buf;
    uint32_t len, speed_hz;
    uint16_t delay_usecs;
    uint8_t bits_per_word, cs_change, tx_nbits, rx_nbits, word_delay_usecs,
        pad;
};

static const char *env(const char *name) {
    const char *v = getenv(name);
    return v && *v ? v : NULL;
}

static int starts(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Opened from the emulated root: read or mapped, never answered. */
static int from_root(const char *path) {
    return strcmp(path, "/proc/cpuinfo") == 0 || strcmp(path, "/dev/gpiomem") == 0 ||
           strcmp(path, "/dev/mem") == 0 || starts(path, "/sys/firmware/devicetree/") ||
           starts(path, "/proc/device-tree/");
}

static enum kind device_kind(const char *path) {
    if (starts(path, "/dev/gpiochip"))
        return K_CHIP;
    if (starts(path, "/dev/i2c-"))
        return K_I2C;
    if (starts(path, "/dev/spidev"))
        return K_SPI;
    return K_NONE;
}

static int send_all(int s, const void *buf, size_t len) {
    const char *p = buf;
    while (len > 0) {
        ssize_t n = send(s, p, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static int recv_all(int s, void *buf, size_t len) {
    char *p = buf;
    while (len > 0) {
        ssize_t n = recv(s, p, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Send one request, read its reply. The reply's payload is malloc'd into
 * *out (the caller frees it). Returns the call's result, -errno on failure;
 * a broken connection is EIO, as a device that went away. */
static long exchange(int s, const void *req, size_t req_len, unsigned char **out,
                     size_t *out_len) {
    uint32_t len = (uint32_t)req_len;
    int32_t ret = -EIO;
    *out = NULL;
    *out_len = 0;
    pthread_mutex_lock(&wire);
    if (send_all(s, &len, 4) || send_all(s, req, req_len) || recv_all(s, &len, 4) ||
        len < 4 || len > (1u << 24) || recv_all(s, &ret, 4))
        goto broken;
    len -= 4;
    if (len > 0) {
        *out = malloc(len);
        if (!*out || recv_all(s, *out, len)) {
            free(*out);
            *out = NULL;
            goto broken;
        }
        *out_len = len;
    }
    pthread_mutex_unlock(&wire);
    return ret;
broken:
    pthread_mutex_unlock(&wire);
    return -EIO;
}

static int connect_server(int cloexec) {
    const char *path = env("DEALERD_PI_EMU_SOCKET");
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    int s;
    if (!path || strlen(path) >= sizeof addr.sun_path) {
        errno = ENOENT;
        return -1;
    }
    strcpy(addr.sun_path, path);
    s = socket(AF_UNIX, SOCK_STREAM | (cloexec ? SOCK_CLOEXEC : 0), 0);
    if (s < 0)
        return -1;
    if (connect(s, (struct sockaddr *)&addr, sizeof addr) < 0) {
        int e = errno;
        resolve_close();
        real_close(s);
        errno = e;
        return -1;
    }
    if (s >= MAX_FD) {
        resolve_close();
        real_close(s);
        errno = EMFILE;
        return -1;
    }
    return s;
}

static int fail(long ret) {
    errno = (int)-ret;
    return -1;
}

static int device_open(const char *path, int flags, enum kind kind) {
    size_t n = strlen(path);
    unsigned char *req = malloc(1 + n), *out;
    size_t out_len;
    long ret;
    int s = connect_server(flags & O_CLOEXEC);
    if (s < 0 || !req) {
        free(req);
        return -1;
    }
    req[0] = 'O';
    memcpy(req + 1, path, n);
    ret = exchange(s, req, 1 + n, &out, &out_len);
    free(req);
    free(out);
    if (ret < 0) {
        resolve_close();
        real_close(s);
        return fail(ret);
    }
    kinds[s] = (unsigned char)kind;
    return s;
}

/* Decide where an open goes: -2 means "to libc as asked", else the fd (or
 * -1 with errno). *redirected is the path under the emulated root. */
static int emulated_open(const char *path, int flags, char *redirected, size_t cap) {
    enum kind kind;
    redirected[0] = 0;
    if (!path || path[0] != '/' || !env("DEALERD_PI_EMU_SOCKET"))
        return -2;
    kind = device_kind(path);
    if (kind != K_NONE)
        return device_open(path, flags, kind);
    if (from_root(path) && env("DEALERD_PI_EMU_ROOT")) {
        if ((size_t)snprintf(redirected, cap, "%s%s", env("DEALERD_PI_EMU_ROOT"), path) >= cap) {
            errno = ENAMETOOLONG;
            return -1;
        }
    }
    return -2;
}

static mode_t mode_arg(int flags, va_list ap) {
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

#define OPEN_BODY(realfn, ...)                                               \
    char where[4096];                                                        \
    va_list ap;                                                              \
    mode_t mode;                                                             \
    int fd;                                                                  \
    va_start(ap, flags);                                                     \
    mode = mode_arg(flags, ap);                                              \
    va_end(ap);                                                              \
    fd = emulated_open(path, flags, where, sizeof where);                    \
    if (fd != -2)                                                            \
        return fd;                                                           \
    if (where[0])                                                            \
        path = where;                                                        \
    resolve_##realfn();                                                      \
    return real_##realfn(__VA_ARGS__);

int open(const char *path, int flags, ...) { OPEN_BODY(open, path, flags, mode) }
int open64(const char *path, int flags, ...) { OPEN_BODY(open64, path, flags, mode) }

int openat(int dirfd, const char *path, int flags, ...) {
    OPEN_BODY(openat, dirfd, path, flags, mode)
}
int openat64(int dirfd, const char *path, int flags, ...) {
    OPEN_BODY(openat64, dirfd, path, flags, mode)
}

/* GPIO_V2_GET_LINE: a connection of its own becomes the line's fd. */
static int line_request(unsigned long request, void *arg) {
    size_t size = IOC_SIZE(request), out_len;
    unsigned char *req = malloc(1 + size), *out;
    long ret;
    int s;
    if (!req || size < 4 || !arg) {
        free(req);
        errno = EINVAL;
        return -1;
    }
    s = connect_server(1);
    if (s < 0) {
        free(req);
        return -1;
    }
    req[0] = 'L';
    memcpy(req + 1, arg, size);
    ret = exchange(s, req, 1 + size, &out, &out_len);
    free(req);
    if (ret >= 0 && out_len == size)
        memcpy(arg, out, size);
    free(out);
    if (ret < 0) {
        resolve_close();
        real_close(s);
        return fail(ret);
    }
    /* The request's last field is the fd the kernel hands back. */
    memcpy((char *)arg + size - 4, &s, 4);
    return 0;
}

/* An ioctl whose argument is a plain struct (or none): sent whole, and
 * copied back for a _IOC_READ request. */
static int flat_ioctl(int fd, unsigned long request, void *arg) {
    size_t size = IOC_SIZE(request), out_len;
    unsigned char *req = malloc(1 + 8 + (size ? size : 8)), *out;
    uint64_t code = request, value = (uintptr_t)arg;
    long ret;
    if (!req) {
        errno = ENOMEM;
        return -1;
    }
    req[0] = 'I';
    memcpy(req + 1, &code, 8);
    if (size && arg)
        memcpy(req + 9, arg, size);
    else
        memcpy(req + 9, &value, 8), size = 8;
    ret = exchange(fd, req, 9 + size, &out, &out_len);
    free(req);
    if (ret >= 0 && IOC_DIR(request) & IOC_READ && arg && IOC_SIZE(request))
        memcpy(arg, out, out_len < IOC_SIZE(request) ? out_len : IOC_SIZE(request));
    free(out);
    return ret < 0 ? fail(ret) : (int)ret;
}

static int i2c_funcs(int fd, unsigned long *arg) {
    uint64_t code = I2C_FUNCS, funcs = 0;
    unsigned char req[9], *out;
    size_t out_len;
    long ret;
    req[0] = 'I';
    memcpy(req + 1, &code, 8);
    ret = exchange(fd, req, 9, &out, &out_len);
    if (ret >= 0 && out_len == 8)
        memcpy(&funcs, out, 8);
    free(out);
    if (ret < 0)
        return fail(ret);
    *arg = (unsigned long)funcs;
    return (int)ret;
}

static int i2c_rdwr(int fd, struct i2c_rdwr_ *rdwr) {
    size_t len = 1 + 8 + 4, at, out_len, got = 0;
    unsigned char *req, *out;
    uint64_t code = I2C_RDWR;
    long ret;
    uint32_t i;
    for (i = 0; i < rdwr->nmsgs; i++)
        len += 6 + (rdwr->msgs[i].flags & I2C_M_RD ? 0 : rdwr->msgs[i].len);
    if (!(req = malloc(len))) {
        errno = ENOMEM;
        return -1;
    }
    req[0] = 'I';
    memcpy(req + 1, &code, 8);
    memcpy(req + 9, &rdwr->nmsgs, 4);
    at = 13;
    for (i = 0; i < rdwr->nmsgs; i++) {
        struct i2c_msg_ *m = &rdwr->msgs[i];
        memcpy(req + at, &m->addr, 2);
        memcpy(req + at + 2, &m->flags, 2);
        memcpy(req + at + 4, &m->len, 2);
        at += 6;
        if (!(m->flags & I2C_M_RD)) {
            memcpy(req + at, m->buf, m->len);
            at += m->len;
        }
    }
    ret = exchange(fd, req, len, &out, &out_len);
    free(req);
    for (i = 0; ret >= 0 && i < rdwr->nmsgs; i++) {
        struct i2c_msg_ *m = &rdwr->msgs[i];
        if (m->flags & I2C_M_RD && got + m->len <= out_len) {
            memcpy(m->buf, out + got, m->len);
            got += m->len;
        }
    }
    free(out);
    return ret < 0 ? fail(ret) : (int)ret;
}

/* SPI_IOC_MESSAGE(n): each segment's MOSI bytes go out (zeros without a
 * tx_buf, as spidev clocks), its MISO bytes come back. */
static int spi_message(int fd, unsigned long request, struct spi_xfer_ *xfers) {
    uint32_t n = (uint32_t)(IOC_SIZE(request) / sizeof *xfers), i;
    size_t len = 1 + 8 + 4, at, out_len, got = 0;
    unsigned char *req, *out;
    uint64_t code = request;
    long ret;
    for (i = 0; i < n; i++)
        len += 4 + xfers[i].len;
    if (!(req = calloc(1, len))) {
        errno = ENOMEM;
        return -1;
    }
    req[0] = 'I';
    memcpy(req + 1, &code, 8);
    memcpy(req + 9, &n, 4);
    at = 13;
    for (i = 0; i < n; i++) {
        memcpy(req + at, &xfers[i].len, 4);
        at += 4;
        if (xfers[i].tx_buf)
            memcpy(req + at, (const void *)(uintptr_t)xfers[i].tx_buf, xfers[i].len);
        at += xfers[i].len;
    }
    ret = exchange(fd, req, len, &out, &out_len);
    free(req);
    for (i = 0; ret >= 0 && i < n; i++) {
        if (got + xfers[i].len > out_len)
            break;
        if (xfers[i].rx_buf)
            memcpy((void *)(uintptr_t)xfers[i].rx_buf, out + got, xfers[i].len);
        got += xfers[i].len;
    }
    free(out);
    return ret < 0 ? fail(ret) : (int)ret;
}

int ioctl(int fd, unsigned long request, ...) {
    va_list ap;
    void *arg;
    enum kind kind;
    va_start(ap, request);
    arg = va_arg(ap, void *);
    va_end(ap);
    kind = fd >= 0 && fd < MAX_FD ? (enum kind)kinds[fd] : K_NONE;
    switch (kind) {
    case K_CHIP:
        if (IOC_TYPE(request) == 0xB4 && IOC_NR(request) == 0x07)
            return line_request(request, arg);
        return flat_ioctl(fd, request, arg);
    case K_I2C:
        if (request == I2C_FUNCS && arg)
            return i2c_funcs(fd, arg);
        if (request == I2C_RDWR && arg)
            return i2c_rdwr(fd, arg);
        return flat_ioctl(fd, request, arg);
    case K_SPI:
        if (IOC_TYPE(request) == 'k' && IOC_NR(request) == 0 && arg)
            return spi_message(fd, request, arg);
        return flat_ioctl(fd, request, arg);
    case K_NONE:
        break;
    }
    resolve_ioctl();
    return real_ioctl(fd, request, arg);
}

ssize_t write(int fd, const void *buf, size_t len) {
    if (fd >= 0 && fd < MAX_FD && kinds[fd] != K_NONE) {
        unsigned char *req = malloc(1 + len), *out;
        size_t out_len;
        long ret;
        if (!req) {
            errno = ENOMEM;
            return -1;
        }
        req[0] = 'W';
        memcpy(req + 1, buf, len);
        ret = exchange(fd, req, 1 + len, &out, &out_len);
        free(req);
        free(out);
        return ret < 0 ? fail(ret) : (ssize_t)ret;
    }
    resolve_write();
    return real_write(fd, buf, len);
}

ssize_t read(int fd, void *buf, size_t len) {
    if (fd >= 0 && fd < MAX_FD && kinds[fd] != K_NONE) {
        unsigned char req[5], *out;
        uint32_t want = (uint32_t)len;
        size_t out_len;
        long ret;
        req[0] = 'R';
        memcpy(req + 1, &want, 4);
        ret = exchange(fd, req, 5, &out, &out_len);
        if (ret >= 0)
            memcpy(buf, out, out_len < len ? out_len : len);
        free(out);
        return ret < 0 ? fail(ret) : (ssize_t)ret;
    }
    resolve_read();
    return real_read(fd, buf, len);
}

int close(int fd) {
    if (fd >= 0 && fd < MAX_FD)
        kinds[fd] = K_NONE;
    resolve_close();
    return real_close(fd);
}
