/* Windows build only: the terminal width the progress line is cut to, from
 * the console's screen buffer. */
#ifndef FS_SYS_IOCTL_H
#define FS_SYS_IOCTL_H

struct winsize {
    unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};
#define TIOCGWINSZ 0x5413
int fs_ioctl(int fd, unsigned long request, struct winsize *ws);
#define ioctl fs_ioctl

#endif
