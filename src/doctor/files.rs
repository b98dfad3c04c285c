//! The checks that read files under the root: the user and its groups, the
//! device nodes and who may open them, and the boot config's I2C and SPI.

use std::collections::BTreeSet;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use super::{Env, Report};
use crate::devices::Hardware;

/// The groups Raspberry Pi OS gives the GPIO, I2C and SPI device nodes:
/// the unit's `SupplementaryGroups=`, which the doctor checks the user has.
pub const UNIT_GROUPS: [&str; 3] = ["gpio", "spi", "i2c"];

/// The GPIO register node, by path as the unit allows it
/// (`DeviceAllow=/dev/gpiomem`; `/dev/gpiomem0` on a Pi 5), then the other
/// name: the doctor checks whichever the board has.
pub const UNIT_DEVICE_PATHS: [&str; 2] = ["/dev/gpiomem", "/dev/gpiomem0"];

/// The user's id and every group id it has.
pub struct Ids {
    uid: u32,
    gids: BTreeSet<u32>,
}

fn read(root: &Path, path: &str) -> Option<String> {
    std::fs::read_to_string(under(root, path)).ok()
}

fn under(root: &Path, path: &str) -> PathBuf {
    root.join(path.trim_start_matches('/'))
}

/// `name:x:id:...` lines of /etc/passwd or /etc/group.
fn entries(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(|l| l.split(':').collect::<Vec<_>>())
        .filter(|f| f.len() >= 4)
}

/// The group `gid`'s name, from /etc/group.
fn group_name(root: &Path, gid: u32) -> String {
    read(root, "/etc/group")
        .and_then(|t| {
            entries(&t)
                .find(|f| f[2].parse() == Ok(gid))
                .map(|f| f[0].to_string())
        })
        .unwrap_or_else(|| gid.to_string())
}

pub(super) fn user_and_groups(env: &Env, r: &mut Report) -> Option<Ids> {
    let user = env.user.as_str();
    let passwd = read(&env.root, "/etc/passwd").unwrap_or_default();
    let Some((uid, gid)) = entries(&passwd)
        .find(|f| f[0] == user)
        .and_then(|f| Some((f[2].parse::<u32>().ok()?, f[3].parse::<u32>().ok()?)))
    else {
        r.fail(
            format!("user {user}"),
            "no such user",
            "install the dealerd package (it creates the user), or run `sudo systemd-sysusers /usr/lib/sysusers.d/dealerd.conf`",
        );
        return None;
    };
    r.ok(format!("user {user}"), format!("uid {uid}"));
    let group = read(&env.root, "/etc/group").unwrap_or_default();
    let mut gids = BTreeSet::from([gid]);
    for f in entries(&group) {
        if f[3].split(',').any(|m| m.trim() == user) {
            if let Ok(g) = f[2].parse() {
                gids.insert(g);
            }
        }
    }
    for name in UNIT_GROUPS {
        let check = format!("group {name}");
        match entries(&group).find(|f| f[0] == name) {
            None => r.fail(
                check,
                format!("there is no group {name}"),
                "this is not Raspberry Pi OS, or its udev rules are missing: install Raspberry Pi OS Lite (bookworm or bullseye)",
            ),
            Some(f) if f[2].parse().is_ok_and(|g: u32| gids.contains(&g)) => {
                r.ok(check, format!("{user} is in {name}"))
            }
            Some(_) => r.fail(
                check,
                format!("{user} is not in group {name}, so it cannot open the {name} devices"),
                format!("run `sudo usermod -aG {name} {user}`, then `sudo systemctl restart dealerd` (log out and in again if {user} is you)"),
            ),
        }
    }
    Some(Ids { uid, gids })
}

pub(super) fn device_nodes(env: &Env, hw: &Hardware, ids: Option<&Ids>, r: &mut Report) {
    let i2c = format!("/dev/i2c-{}", hw.i2c_bus);
    let nodes: [(&str, &[&str], &str); 4] = [
        (
            &i2c,
            &[],
            "I2C is off, or i2c-dev is not loaded: see the boot config and DeviceAllow=char-i2c checks",
        ),
        (
            "/dev/spidev0.0",
            &[],
            "SPI is off, or spidev is not loaded: see the boot config and DeviceAllow=char-spi checks",
        ),
        (
            "/dev/gpiochip0",
            &[],
            "the kernel has no GPIO character device: update Raspberry Pi OS (`sudo apt full-upgrade`)",
        ),
        (
            UNIT_DEVICE_PATHS[0],
            &UNIT_DEVICE_PATHS[1..],
            "the GPIO memory device is missing: update Raspberry Pi OS (`sudo apt full-upgrade`)",
        ),
    ];
    for (path, alternatives, missing) in nodes {
        let found = std::iter::once(path)
            .chain(alternatives.iter().copied())
            .find_map(|p| std::fs::metadata(under(&env.root, p)).ok().map(|m| (p, m)));
        let Some((path, meta)) = found else {
            r.fail(path.to_string(), "missing", missing);
            continue;
        };
        let (mode, gid) = (meta.mode() & 0o777, meta.gid());
        let group = group_name(&env.root, gid);
        let seen = format!("group {group}, mode {mode:04o}");
        let Some(ids) = ids else {
            r.skip(
                path.to_string(),
                format!("{seen}; no user to check it against"),
            );
            continue;
        };
        let can = ids.uid == 0
            || (meta.uid() == ids.uid && mode & 0o600 == 0o600)
            || (ids.gids.contains(&gid) && mode & 0o060 == 0o060)
            || mode & 0o006 == 0o006;
        if can {
            r.ok(
                path.to_string(),
                format!("{seen}; {} may open it", env.user),
            );
        } else if mode & 0o060 != 0o060 {
            r.fail(
                path.to_string(),
                format!("{seen}: only its owner may open it"),
                format!("the udev rule that opens it to its group is missing: `sudo chmod g+rw {path}` for now, and install the raspberrypi-sys-mods package for good"),
            );
        } else {
            r.fail(
                path.to_string(),
                format!("{seen}: {} is not in group {group}", env.user),
                format!(
                    "run `sudo usermod -aG {group} {}`, then `sudo systemctl restart dealerd`",
                    env.user
                ),
            );
        }
    }
}

/// The device classes the unit allows (`DeviceAllow=char-NAME` in
/// systemd/dealerd.service), each with the kernel module that registers
/// it and the node it opens. systemd resolves a class from /proc/devices
/// when the service starts: a module loaded later leaves that device
/// denied for the whole run. The package loads the modules at boot
/// (debian/modules-load-dealerd.conf) and the unit starts after them.
pub const UNIT_DEVICE_CLASSES: [(&str, &str, &str); 3] = [
    ("gpiochip", "the kernel's GPIO", "/dev/gpiochip0"),
    ("spi", "spidev", "/dev/spidev0.0"),
    ("i2c", "i2c-dev", "/dev/i2c-1"),
];

/// What the unit needs of the kernel, said in the unit's words: each
/// `DeviceAllow=char-NAME` class listed in /proc/devices.
pub(super) fn kernel_classes(env: &Env, r: &mut Report) {
    let Some(text) = read(&env.root, "/proc/devices") else {
        return r.skip("kernel devices", "no /proc/devices to read");
    };
    // The character devices come first, up to "Block devices:".
    let listed: BTreeSet<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Block"))
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    for (class, module, node) in UNIT_DEVICE_CLASSES {
        let check = format!("DeviceAllow=char-{class}");
        if listed.contains(class) {
            r.ok(check, format!("/proc/devices lists {class}"));
            continue;
        }
        let load = match module {
            "the kernel's GPIO" => "update Raspberry Pi OS (`sudo apt full-upgrade`) and reboot".to_string(),
            m => format!("run `sudo modprobe {m}` (the package's /usr/lib/modules-load.d/dealerd.conf loads it at each boot)"),
        };
        r.fail(
            check,
            format!("/proc/devices does not list {class}: the service may not open {node}"),
            format!("{load}, then `sudo systemctl restart dealerd`: the service reads /proc/devices as it starts"),
        );
    }
}

pub(super) fn boot_config(env: &Env, r: &mut Report) {
    // Bookworm moved the file; bullseye has it in /boot.
    let found = ["/boot/firmware/config.txt", "/boot/config.txt"]
        .into_iter()
        .find_map(|p| read(&env.root, p).map(|t| (p, t)));
    let Some((path, text)) = found else {
        r.fail(
            "boot config",
            "no /boot/firmware/config.txt or /boot/config.txt",
            "is the boot partition mounted? On Raspberry Pi OS it is; on another OS turn on I2C1 and SPI0 its own way",
        );
        return;
    };
    let params: BTreeSet<String> = text
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("dtparam="))
        .flat_map(|l| l.split(','))
        .map(|p| p.trim().to_string())
        .collect();
    let on = |names: &[&str]| names.iter().any(|n| params.contains(&format!("{n}=on")));
    for (check, names, line, tool) in [
        (
            "boot config: I2C",
            &["i2c_arm", "i2c", "i2c1"][..],
            "dtparam=i2c_arm=on",
            "do_i2c",
        ),
        ("boot config: SPI", &["spi"][..], "dtparam=spi=on", "do_spi"),
    ] {
        if on(names) {
            r.ok(check, format!("`{line}` in {path}"));
        } else {
            r.fail(
                check,
                format!("no `{line}` in {path}"),
                format!("add the line `{line}` to {path} (or run `sudo raspi-config nonint {tool} 0`) and reboot"),
            );
        }
    }
}
